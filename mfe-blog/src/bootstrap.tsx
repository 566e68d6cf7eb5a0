// Standalone dev host: `pnpm --filter mfe-blog dev`, then http://localhost:8084/?page=BlogPost&slug=news/hello
import { mountStandalone } from 'remote-kit/standalone';
import { namespace, pages, resources } from './pages';

mountStandalone({ namespace, pages, resources });
