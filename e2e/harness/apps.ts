// The apps of the production shape, mirrored from scripts/apps.mjs (kept typed here for the harness).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type RemoteName = 'mfe_exchange' | 'mfe_order' | 'mfe_profile' | 'mfe_blog' | 'mfe_docs';

export interface RemoteApp {
  name: RemoteName;
  /** package folder, e.g. mfe-order */
  dir: string;
}

export const REMOTES: readonly RemoteApp[] = [
  { name: 'mfe_exchange', dir: 'mfe-exchange' },
  { name: 'mfe_order', dir: 'mfe-order' },
  { name: 'mfe_profile', dir: 'mfe-profile' },
  { name: 'mfe_blog', dir: 'mfe-blog' },
  { name: 'mfe_docs', dir: 'mfe-docs' },
];

/** REMOTE_MFE_ORDER_URL for mfe_order (docs/ARCHITECTURE.md). */
export const remoteEnvVar = (name: RemoteName): string => `REMOTE_${name.toUpperCase()}_URL`;
