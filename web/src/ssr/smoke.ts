// End-to-end check of the built server bundles (`pnpm --filter shell exec tsx server/ssr/smoke.ts`, after
// `node scripts/build.mjs`): each remote's dist served by its own static server, web's SSR runtime loading
// shell/dist/server/main.js and the remotes' server entries from them, /roadmap rendered with its heading,
// then a "redeploy" of mfe-blog (a changed manifest) picked up without a restart, then one whose server chunk was
// changed after signing: refused (issue 24), the page still rendered by web with the slot's skeleton.
import path from 'node:path';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { signingKeyFor, signServerDir } from 'tooling/sign';
import { createStaticServer } from 'tooling/static-server';
import { createSsrRuntime } from './runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fail = (message: string): never => {
  console.error(`FAIL ${message}`);
  process.exit(1);
};

// mfe-blog from a copy, so the redeploy below can change its manifest without touching the build
const blogDist = mkdtempSync(path.join(os.tmpdir(), 'ssr-smoke-blog-'));
cpSync(path.join(root, 'mfe-blog/dist'), blogDist, { recursive: true });

const servers = await Promise.all(
  REMOTES.map(async (r) => {
    const server = createStaticServer(r.dir === 'mfe-blog' ? blogDist : path.join(root, r.dir, 'dist'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { r, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }),
);
const env: Record<string, string> = { SSR_RENDER_BUDGET_MS: '3000', SSR_REMOTE_POLL_MS: '1' };
for (const s of servers) env[`REMOTE_${s.r.name.toUpperCase()}_URL`] = s.url;

const logs: string[] = [];
// trusts the workspace's dev key the build signed with (scripts/build.mjs), as web does outside production
const runtime = createSsrRuntime({ env, webPort: 0, log: (m) => logs.push(m) });
const request = { url: '/roadmap', cookies: {}, origin: 'http://localhost:8080', apiBaseUrl: 'http://127.0.0.1:9', apiHeaders: {} };

let started = performance.now();
const first = await runtime.render(request);
const firstMs = performance.now() - started;
if (!first) fail(`no render; log:\n${logs.join('\n')}`);
else {
  if (!/<h1[^>]*data-testid="page-title"[^>]*>Roadmap<\/h1>/.test(first.html)) fail(`no Roadmap heading in:\n${first.html}`);
  if (first.remote !== 'mfe_blog') fail(`remote ${first.remote}, expected mfe_blog`);
  console.log(`ok /roadmap: status ${first.status}, remote ${first.remote}, ${first.html.length} chars, first render ${firstMs.toFixed(0)} ms`);
}
const css = runtime.cssFor('mfe_blog');
if (css.length === 0) fail('no stylesheet for mfe_blog');
for (const href of css) if ((await fetch(href)).status !== 200) fail(`stylesheet ${href} not served`);
console.log(`ok stylesheets of mfe_blog: ${css.join(', ')}`);

started = performance.now();
for (let i = 0; i < 20; i++) await runtime.render(request);
console.log(`ok warm render: ${((performance.now() - started) / 20).toFixed(1)} ms per request`);

// a redeploy: another manifest and newly signed server code (here: one more file, signed with the dev key the build
// used); the next render notices it, verifies the new code and re-registers mfe-blog's server entry
const serverDir = path.join(blogDist, 'server');
writeFileSync(path.join(serverDir, 'build.txt'), 'redeployed\n');
signServerDir(serverDir, 'mfe_blog', signingKeyFor(root, 'mfe_blog').privatePem);
const manifestFile = path.join(blogDist, 'mf-manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
writeFileSync(manifestFile, JSON.stringify({ ...manifest, metaData: { ...manifest.metaData, buildInfo: { buildVersion: 'redeployed' } } }));
// the precompressed siblings the static server prefers would still be the old build's
rmSync(`${manifestFile}.br`, { force: true });
rmSync(`${manifestFile}.gz`, { force: true });
// a check already in flight saw the old manifest: a few more requests start the next one
for (let i = 0; i < 10 && !logs.some((l) => l.includes('redeployed mfe_blog')); i++) {
  await runtime.render(request);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
if (!logs.some((l) => l.includes('redeployed mfe_blog'))) fail(`redeploy not noticed; log:\n${logs.join('\n')}`);
const again = await runtime.render(request);
if (!again?.html.includes('Roadmap') || again.remote !== 'mfe_blog') fail('no render after the redeploy');
console.log('ok redeploy picked up and rendered again');

// a tampered redeploy: a new signed build (here: one more file, signed with the dev key) whose server chunk is
// changed after signing, and a new manifest so web looks again
writeFileSync(path.join(serverDir, 'build.txt'), 'tampered\n');
signServerDir(serverDir, 'mfe_blog', signingKeyFor(root, 'mfe_blog').privatePem);
const chunk = readdirSync(serverDir).find((f) => /^\d+\.[0-9a-f]+\.js$/.test(f)) ?? fail('no server chunk of mfe-blog');
appendFileSync(path.join(serverDir, chunk), '\n;globalThis.__tampered = true;\n');
writeFileSync(manifestFile, JSON.stringify({ ...manifest, metaData: { ...manifest.metaData, buildInfo: { buildVersion: 'tampered' } } }));
for (let i = 0; i < 10 && !logs.some((l) => l.includes('mfe_blog server code refused')); i++) {
  await runtime.render(request);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
if (!logs.some((l) => l.includes(`mfe_blog server code refused: server/${chunk} does not match its signature`)))
  fail(`tampered chunk not refused; log:\n${logs.join('\n')}`);
const refused = await runtime.render(request);
if (!refused || refused.remote !== null) fail(`tampered remote still rendered (${refused?.remote})`);
if ((globalThis as { __tampered?: boolean }).__tampered) fail('the tampered chunk ran');
console.log('ok tampered chunk refused: the page is rendered with the slot skeleton');

for (const s of servers) s.server.close();
process.exit(0);
