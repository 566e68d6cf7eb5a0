// The six front-end apps, in the order they are built: the shell, then the remotes of the one list
// (shared-contracts/remotes.cjs).
import path from 'node:path';
import remotes from '../shared-contracts/remotes.cjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const REMOTES = remotes.REMOTES.map((r) => ({ name: r.name, dir: r.dir, port: r.devPort }));
export const APPS = [{ name: 'shell', dir: 'shell', port: remotes.SHELL_DEV_PORT }, ...REMOTES];
