// The status page's incidents (issue 13), en and /ru: an incident an admin posts through the admin API
// (POST /api/v1/admin/status/incidents) shows on /status, and once resolved (…/incidents/update) shows as resolved.
// The admin comes from `pnpm admin create` (the CLI writes the database, and PGlite is one process at a time), so this
// spec runs an api of its own, created with its admin before it starts, and a web of its own in front of it with the
// stack's remotes (as verification.spec.ts does).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../harness/apps';
import { freePort } from '../harness/stack';
import { expect, test } from '../fixtures';
import { startOwnWeb, stopProcessGroup, type WaitOptions, waitUntilServing } from '../helpers/processes';

const ADMIN = { email: `e2e-status-admin-${Date.now()}@example.com`, password: 'Harbour-Lantern-7315' };

let dir = '';
let api: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl = '';

// this spec's api and web are up once they answer below 500 (within 90 s)
const serving: WaitOptions = { timeoutMs: 90_000, accept: (r) => r.status < 500 };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-status-'));
  // the embedded database of this spec's api, whatever the stack runs on
  const { DATABASE_URL: _stackDatabase, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, PGLITE_DIR: path.join(dir, 'pglite'), SANDBOX_MODE: 'true', LOG_LEVEL: 'warn' };
  const created = spawnSync('pnpm', ['--silent', '--filter', 'api', 'admin', 'create', ADMIN.email], {
    cwd: ROOT,
    env: { ...env, ADMIN_PASSWORD: ADMIN.password },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`pnpm admin create: exit ${created.status}\n${created.stdout}\n${created.stderr}`);

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webPort = await freePort();
  webUrl = `http://127.0.0.1:${webPort}`;
  api = spawn('pnpm', ['--filter', 'api', 'start'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
    env: { ...env, API_PORT: String(apiPort), PUBLIC_ORIGIN: webUrl },
  });
  await waitUntilServing(`${apiUrl}/api/v1/healthz`, api, serving);
  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl, port: webPort, readyPath: '/status', wait: serving }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(api)]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('an incident posted through the admin API shows on the status page, then as resolved (en and /ru)', async ({ browser }) => {
  const admin = await browser.newContext({ baseURL: webUrl });
  const headers = { origin: webUrl, accept: 'application/json' };
  try {
    const signedIn = await admin.request.post('/api/v1/users/local/authenticate', {
      headers,
      data: { email: ADMIN.email, password: ADMIN.password, browserFingerprint: '' },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const title = `Deposits delayed ${Date.now()}`;
    const posted = await admin.request.post('/api/v1/admin/status/incidents', {
      headers,
      data: { title, body: 'BTC deposits take longer to confirm than usual.', severity: 'major' },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    const { id } = (await posted.json()) as { id: string };

    const page = await browser.newPage({ baseURL: webUrl });
    for (const [prefix, investigating] of [
      ['', 'Investigating'],
      ['/ru', 'Выясняем причину'],
    ] as const) {
      await page.goto(`${prefix}/status`);
      const incident = page.getByTestId('status-incident').filter({ hasText: title });
      await expect(incident).toContainText('BTC deposits take longer to confirm than usual.');
      await expect(incident).toContainText(investigating);
      await expect(incident).toHaveAttribute('data-state', 'investigating');
    }

    const resolved = await admin.request.post('/api/v1/admin/status/incidents/update', {
      headers,
      data: { id, state: 'resolved', body: 'All delayed deposits are credited.' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);
    for (const [prefix, word] of [
      ['', 'Resolved'],
      ['/ru', 'Решён'],
    ] as const) {
      const incident = page.getByTestId('status-incident').filter({ hasText: title });
      // web keeps a guest's page for a moment (SSR_GUEST_CACHE_MS): the page visited just before may come back once
      await expect
        .poll(async () => {
          await page.goto(`${prefix}/status`);
          return incident.getAttribute('data-state');
        })
        .toBe('resolved');
      await expect(incident).toContainText(word);
      await expect(incident).toContainText('All delayed deposits are credited.');
    }
    await page.close();
  } finally {
    await admin.close();
  }
});
