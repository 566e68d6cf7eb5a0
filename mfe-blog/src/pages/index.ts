// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePages } from 'shared-contracts';
import { BlogPage } from './BlogPage';
import { BlogPostPage } from './BlogPostPage';
import { RoadmapPage } from './RoadmapPage';
import { SupportPage } from './SupportPage';

export { namespace, resources } from '../i18n';
export const pages: RemotePages = { Blog: BlogPage, BlogPost: BlogPostPage, Roadmap: RoadmapPage, Support: SupportPage };
