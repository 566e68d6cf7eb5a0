import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, REMOTE_NAMES } from '../remotes.cjs';

// remotes.d.cts spells out the literal types of remotes.cjs (JSON and plain JS give TypeScript only
// `string`), so the two are compared here: an edit to one side alone fails.
describe('the one list of remotes', () => {
  const declaration = readFileSync(path.join(__dirname, '..', 'remotes.d.cts'), 'utf8');
  const declaredEntries = [
    ...declaration.matchAll(/\{ readonly name: '([^']+)'; readonly dir: '([^']+)'; readonly devPort: (\d+); readonly exposes: '([^']+)' \}/g),
  ].map(([, name, dir, devPort, exposes]) => ({ name, dir, devPort: Number(devPort), exposes }));

  it('has the same entries, in the same order, as its declaration', () => {
    expect(declaredEntries).toEqual(REMOTES.map((remote) => ({ ...remote })));
  });

  it('names each remote, folder and port once', () => {
    for (const key of ['name', 'dir', 'devPort'] as const) {
      expect(new Set(REMOTES.map((remote) => remote[key])).size).toBe(REMOTES.length);
    }
    expect(REMOTE_NAMES).toEqual(REMOTES.map((remote) => remote.name));
    for (const remote of REMOTES) expect(remote.name).toBe(remote.dir.replace('-', '_'));
  });
});
