// The remotes of the production shape: the one list of remotes (shared-contracts/remotes.cjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from 'shared-contracts/remotes';

export { REMOTES } from 'shared-contracts/remotes';
export type { RemoteName };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** REMOTE_MFE_ORDER_URL for mfe_order (docs/ARCHITECTURE.md). */
export const remoteEnvVar = (name: RemoteName): string => `REMOTE_${name.toUpperCase()}_URL`;
