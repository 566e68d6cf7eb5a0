// The generated types stay the document's (issue 29): src/generated/schema.ts equals a fresh generation from the route
// table (scripts/generate.mjs --check: a route or schema changed without `pnpm --filter sdk generate` fails here), and
// the partner integration of test/integration/ — openapi-typescript's output and openapi-fetch, no hand-written
// header or type — compiles under strict settings with TypeScript 6.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SDK = path.resolve(__dirname, '..');
const TSC = path.join(SDK, 'node_modules/typescript/bin/tsc');

const outputOf = (e: unknown) => {
  const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
  return `${stdout}${stderr}`;
};

describe('the generated SDK types', () => {
  it('src/generated/schema.ts is what the OpenAPI document generates today (no drift)', async () => {
    const result = await run(process.execPath, [path.join(SDK, 'scripts/generate.mjs'), '--check'], { cwd: SDK }).catch((e: unknown) => {
      throw new Error(outputOf(e));
    });
    expect(result.stdout).toContain('matches the OpenAPI document');
  }, 60_000);

  it('a partner integration from the docs with openapi-typescript + openapi-fetch compiles with tsc --strict (no hand-written header or type)', async () => {
    const result = await run(process.execPath, [TSC, '-p', path.join(SDK, 'test/integration/tsconfig.json'), '--strict', '--noEmit'], { cwd: SDK }).catch(
      (e: unknown) => {
        throw new Error(outputOf(e));
      },
    );
    expect(result.stdout).toBe('');
  }, 120_000);
});
