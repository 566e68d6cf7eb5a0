// `./pages` (ARCHITECTURE.md): pages, namespace, loadResources (one chunk per locale), contractVersion.
import type { RemoteLoadersOf, RemotePagesOf } from 'shared-contracts';
import { BlogPage } from './BlogPage';
import { BlogPostPage } from './BlogPostPage';
import { LegalPage } from './LegalPage';
import { RoadmapPage } from './RoadmapPage';
import { StatusPage } from './StatusPage';
import { SupportPage } from './SupportPage';
import { blogLoaders } from './loaders';
import { supportLoaders } from './supportLoaders';

export { namespace, loadResources } from '../i18n';
// DESIGN rule 8: the shared-contracts version this remote was compiled against, written in by the webpack factory
// (importing CONTRACT_VERSION would give the host's shared copy); undefined only outside webpack (jest).
export const contractVersion: string | undefined = typeof __CONTRACT_VERSION__ === 'string' ? __CONTRACT_VERSION__ : undefined;
export const pages = {
  Blog: BlogPage,
  BlogPost: BlogPostPage,
  Roadmap: RoadmapPage,
  Support: SupportPage,
  Status: StatusPage,
  Legal: LegalPage,
} satisfies RemotePagesOf<'mfe_blog'>;
// contract 1.2: the first view's data of the blog, roadmap, support and status pages, loaded by the server
export const loaders = { ...blogLoaders, ...supportLoaders } satisfies RemoteLoadersOf<'mfe_blog'>;
