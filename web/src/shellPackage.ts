// The shell package's files web serves or runs: its build (dist/: the page template, assets and the server bundle)
// and its public/ files (icons, Open Graph image), found through the package rather than a path from here.
import path from 'node:path';
import { createRequire } from 'node:module';

export const shellDir = path.dirname(createRequire(import.meta.url).resolve('shell/package.json'));
