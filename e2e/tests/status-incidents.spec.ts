// The status page's incidents (issue 13), en and /ru: an incident an admin posts through the admin API
// (POST /api/v1/admin/status/incidents) shows on /status, and once resolved (…/incidents/update) shows as resolved.
// The admin comes from `pnpm admin create` (the CLI writes the database, and PGlite is one process at a time), so this
// spec runs an api of its own, created with its admin before it starts, and a web of its own in front of it with the
// stack's remotes (harness/ownStack.ts, as verification.spec.ts does).
import { type OwnStack, startOwnStack } from '../harness/ownStack';
import { expect, test } from '../fixtures';

const ADMIN = { email: `e2e-status-admin-${Date.now()}@example.com`, password: 'Harbour-Lantern-7315' };

let stack: OwnStack | undefined;
let webUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // the embedded database of this spec's api, whatever the harness's stack runs on; the stack's remotes
  stack = await startOwnStack({
    label: 'status-incidents',
    admin: { commands: [['create', ADMIN.email, '--email-confirmed']], env: { ADMIN_PASSWORD: ADMIN.password } },
    web: { remotes: 'stack', readyPath: '/status' },
  });
  webUrl = stack.webUrl;
});

test.afterAll(async () => {
  await stack?.stop();
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
