// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePagesOf } from 'shared-contracts';
import { BlogPage } from './BlogPage';
import { BlogPostPage } from './BlogPostPage';
import { RoadmapPage } from './RoadmapPage';
import { SupportPage } from './SupportPage';

export { namespace, resources } from '../i18n';
export const pages = { Blog: BlogPage, BlogPost: BlogPostPage, Roadmap: RoadmapPage, Support: SupportPage } satisfies RemotePagesOf<'mfe_blog'>;
