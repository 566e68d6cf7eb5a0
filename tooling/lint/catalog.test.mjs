// One version of each shared dependency (DESIGN.md, Module Federation rule 3): a dependency named by two or more
// workspace packages (the root included) is `catalog:` in every one of them, so pnpm-workspace.yaml's catalog is the
// only place its version is written.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workspace = parse(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'));
const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

test('every dependency shared by two packages comes from the catalog', () => {
  const dirs = ['.', ...workspace.packages];
  /** name → ["<package> <field>: <spec>"] */
  const uses = new Map();
  for (const dir of dirs) {
    const file = path.join(root, dir, 'package.json');
    assert.ok(existsSync(file), `${dir}/package.json (pnpm-workspace.yaml packages)`);
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    for (const field of FIELDS) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (spec.startsWith('workspace:')) continue;
        if (!uses.has(name)) uses.set(name, []);
        uses.get(name).push({ where: `${dir} ${field}`, spec });
      }
    }
  }
  const outside = [...uses]
    .filter(([, list]) => list.length > 1 && list.some((u) => u.spec !== 'catalog:'))
    .map(([name, list]) => `${name}: ${list.map((u) => `${u.where} "${u.spec}"`).join(', ')}`);
  assert.deepEqual(outside, [], 'shared dependencies with their own version: move each to the catalog');
  for (const [name, list] of uses) {
    if (list.some((u) => u.spec === 'catalog:')) assert.ok(name in workspace.catalog, `${name}: catalog: names no catalog entry`);
  }
});
