import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The pnpm workspace's root (the directory holding pnpm-workspace.yaml), found from the current directory upwards:
 * works the same under jest (CommonJS) and tsx (ESM), where neither __dirname nor import.meta is always available.
 */
export function workspaceRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
}
