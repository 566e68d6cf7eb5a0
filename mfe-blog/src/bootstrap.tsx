// Standalone dev host: `pnpm --filter mfe-blog dev`, then http://localhost:8084/?page=BlogPost&slug=news/hello
import { mountStandalone } from 'remote-kit/standalone';
import { loadResources, namespace, pages } from './pages';

void mountStandalone({ namespace, pages, loadResources });
