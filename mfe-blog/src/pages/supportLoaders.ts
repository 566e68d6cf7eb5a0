// The server-render loaders of the support and status pages, merged into `./pages`' `loaders` by index.ts.
import type { RemoteLoadersOf } from 'shared-contracts';

export const supportLoaders = {} satisfies RemoteLoadersOf<'mfe_blog'>;
