// Issue 12 "What it must show" (1), identity verification, en and /ru: a signed-in user walks every §4 upload step on
// /profile/verification with real image files (a JPEG and a PNG), the status is CREATED, an admin passes it through
// the admin page (/profile/admin/verifications, signed in as an admin) and the step indicator shows 3; one rejected there
// with a reason shows that reason and offers to try again.
// The admin comes from `pnpm admin create` (the CLI writes the database, and PGlite is one process at a time), so this
// spec runs an api of its own, created with its admin before it starts, and a web of its own in front of it with the
// stack's remotes (harness/ownStack.ts, as redirects.spec.ts does). Sandbox auto-decisions are off there: only the admin decides.
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { type OwnStack, startOwnStack } from '../harness/ownStack';
import { CYRILLIC, expect, gotoLive, test } from '../fixtures';
import { uniqueEmail } from '../helpers/accounts';

const PASSWORD = 'Copper-Harbour-3917';
const ADMIN = { email: `e2e-kyc-admin-${Date.now()}@example.com`, password: 'Velvet-Compass-6284' };

// 24×16 pictures (the api decodes and re-encodes them, so they must be real images)
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAECA//EACcQAAEDAwEHBQAAAAAAAAAAAAECAwQAESEFEhMxQVGRkyM1QmHS/8QAFwEAAwEAAAAAAAAAAAAAAAAAAAECBf/EACARAAEDAgcAAAAAAAAAAAAAAAEAAhGx0RIhMUGRwcL/2gAMAwEAAhEDEQA/AE9Chw3w2/prDJKQoJW4gm3b6NW61BXFVuY0JDgyFLcskdb2seF6uQ2hmPvnBpmyg52W1jjj4qJPLlSjzomPb/HIrWlxEiTyp3I7NMws46G8eponnX+qKbRWlVhqrih1DCbHuiik7FOtbIa5wEeTZf/Z',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACzElEQVQ4jZXT50INYACA4S+iJaOUUKm0kFJmilCSRAnZDcreRKJC0VKIMoqmRCl70yDeluy9ylZWqRTFFZwf57mHRwiBXGvat0VNAc129OxAbxXM1RiigU137LUZr8tkfWYaMac3C/uyoh/r+hM4iK2WbLdmtw0HRpE8GpHhQM44zk3g6kRuTKZkKvdm8HQ2bzz5OJdv86hbyN8ltF6O4io6+aLhR48NGAbSdzMDQrAKZVQEY6MQLjuZuhv3OHz2sySB1Yn4p7D5MGEZ7MgkLpuDJ0k7Q+Z5Tl3i4lXy8rh1nds3eVjEi1LelvPlHj8fIn4/4d9z2r5CuYLO7+j+Eb0v9PpKvx8MrmV4PaMbcfrLpH/MaIVXGxbIs1yJte0J6ERIZyK7ENON/VqIJB2O9CTbkLO9uGLCdTOKLbg7kCdDeG3Fh+F8HckvO/6MoZUjCuPp6EKXSWi7YTAdk1n092DoHEb6IBwW4LwYt2XMXon3GhavY5U/6wPYtInQYKK3ERtOwnZSd3AshpOxXNhHbjw3D1GWzIM0nh+h8hifjyN+nKDhNC3naHORdldQzaVbAbqFGINZCYNuM+wudg8Y9xjXZ0x/iecb5r9l2Qd8P7OxmuDvRNSwqw6x7zeJf0hv4bgMZ2S5LEeBIkXK3OnIY1VeqfO+K9Wa1PagSQ8ZA+SN6dAHdVO0zNEfQJ/BWAzFchhixAjG2DLBniljmeXEXGcWubJyCn7TCJrJNneivNjjTfx8UhZxdCknVnB+NdfWUrie0o3cD+LZFiq2Ij6F8T2S+miadyG7B6W9qByg60F0kjBKxTSdgUexzsI2B8dTTDzLtAt4XGbeNZbms+YGG26xpZjwMsTOO+y9z6FHHH5K1gtOv+ZSJfnv4RPlVTz6xsufvPtFVQM1TTQ2I2mCkLZChoQJQtoKLhImCGkrSJogpK0gaYKQtoKkCf8BzYqbn2yZ26UAAAAASUVORK5CYII=',
  'base64',
);

const LOCALES = [
  { code: 'en', prefix: '', country: 'Germany', reason: 'The photo of the document is blurred.' },
  { code: 'ru', prefix: '/ru', country: 'Германия', reason: 'Фотография документа размыта.' },
] as const;

let stack: OwnStack | undefined;
let webUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // the embedded database of this spec's api, whatever the harness's stack runs on; the stack's remotes
  stack = await startOwnStack({
    label: 'verification',
    admin: { commands: [['create', ADMIN.email, '--email-confirmed']], env: { ADMIN_PASSWORD: ADMIN.password } },
    api: { env: (dir) => ({ KYC_STORAGE_DIR: path.join(dir, 'kyc'), SANDBOX_KYC_AUTO_DECISION: 'off' }) },
    web: { remotes: 'stack', readyPath: '/roadmap' },
  });
  webUrl = stack.webUrl;
});

test.afterAll(async () => {
  await stack?.stop();
});

const json = { accept: 'application/json' };

async function signIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const res = await request.post(`${webUrl}/api/v1/users/local/authenticate`, {
    headers: { origin: webUrl, ...json },
    data: { email, password, browserFingerprint: '' },
  });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
}

async function register(request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const res = await request.post(`${webUrl}/api/v1/users/local/create`, {
    headers: { origin: webUrl, ...json },
    data: { email, password: PASSWORD, browserFingerprint: '', locale: 'en' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await signIn(request, email, PASSWORD);
  return email;
}

/**
 * The admin decides the pending verification of `email` on the admin page (/profile/admin/verifications, §6), signed
 * in in a browser context of its own: opens it from the pending list, then passes it, or rejects it with the reason
 * typed in the reject dialog; the page reloads the verification with the decision, who and when.
 */
async function decideOnAdminPage(admin: BrowserContext, prefix: string, email: string, decision: 'PASS' | 'REJECT', rejectReason?: string): Promise<void> {
  const page = await admin.newPage();
  await gotoLive(page, `${webUrl}${prefix}/profile/admin/verifications`);
  if (prefix) await expect(page.getByTestId('admin-kyc-table')).toContainText(CYRILLIC);
  const row = page.getByTestId('admin-kyc-row').filter({ hasText: email });
  await expect(row).toHaveAttribute('data-status', 'CREATED');
  await row.getByTestId('admin-kyc-open').click();
  const detail = page.getByTestId('admin-kyc-detail');
  await expect(detail).toHaveAttribute('data-status', /CREATED|PROCESS/);
  await expect(detail).toContainText(email);
  await expect(page.getByTestId('admin-kyc-name')).toHaveText('Anna Schmidt');
  await expect(page.locator('img[data-testid="admin-kyc-doc"][data-kind="face"]')).toBeVisible();
  if (decision === 'PASS') {
    await page.getByTestId('admin-kyc-pass').click();
  } else {
    await page.getByTestId('admin-kyc-reject').click();
    const dialog = page.getByTestId('admin-kyc-reject-dialog');
    await dialog.getByTestId('admin-kyc-reason').fill(rejectReason ?? '');
    await dialog.getByTestId('admin-kyc-reject-confirm').click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(detail).toHaveAttribute('data-status', decision);
  await expect(page.getByTestId('admin-kyc-decided-by')).not.toBeEmpty();
  if (rejectReason) await expect(page.getByTestId('admin-kyc-reject-reason')).toHaveText(rejectReason);
  await expect(page.getByTestId('admin-kyc-pass')).toHaveCount(0);
  await page.close();
}

const status = (page: Page) => page.getByTestId('verification-status');
const indicator = (page: Page) => page.getByTestId('verification-indicator');
const step = (page: Page) => page.getByTestId('verification-step');

/** Every §4 upload step in the browser, with the image files; ends with the status CREATED. */
async function walkSteps(page: Page, country: string, identityType: 'idcard' | 'passport') {
  await expect(status(page)).toHaveAttribute('data-status', /NOT_STARTED|REJECT/);
  await page.getByTestId('verification-start').click();
  await expect(step(page)).toHaveAttribute('data-step', 'RESIDENTIAL');
  await expect(indicator(page)).toHaveAttribute('data-index', '0');
  await page.getByTestId('kyc-residence').selectOption({ label: country });
  await page.getByTestId('verification-next').click();
  await expect(step(page)).toHaveAttribute('data-step', 'TYPE_ID');
  await expect(page.getByTestId('kyc-type')).toHaveValue('idcard');
  await page.getByTestId('kyc-type').selectOption(identityType);
  await page.getByTestId('verification-next').click();
  await expect(step(page)).toHaveAttribute('data-step', 'PERSONAL_INFO');
  await expect(indicator(page)).toHaveAttribute('data-index', '0');
  await expect(page.getByTestId('kyc-expire-date')).toHaveValue('2099-01-01');
  await page.getByTestId('kyc-first-name').fill('Anna');
  await page.getByTestId('kyc-last-name').fill('Schmidt');
  await page.getByTestId('kyc-issue-country').selectOption('DE');
  await page.getByTestId('kyc-birth-date').fill('1990-05-17');
  await page.getByTestId('kyc-number').fill('L01X00T47');
  await page.getByTestId('verification-next').click();
  await expect(step(page)).toHaveAttribute('data-step', 'GET_READY');
  await expect(indicator(page)).toHaveAttribute('data-index', '1');
  await page.getByTestId('kyc-ready').check();
  await page.getByTestId('verification-next').click();
  await expect(step(page)).toHaveAttribute('data-step', 'UPLOADING_DOCS');
  await page.getByTestId('kyc-file-face').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByTestId('kyc-file-front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  if (identityType === 'passport') await expect(page.getByTestId('kyc-file-back')).toHaveCount(0);
  else await page.getByTestId('kyc-file-back').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.getByTestId('kyc-file-face-preview')).toBeVisible();
  await page.getByTestId('verification-submit').click();
  await expect(status(page)).toHaveAttribute('data-status', 'CREATED', { timeout: 20_000 });
  await expect(step(page)).toHaveCount(0);
  await expect(indicator(page)).toHaveAttribute('data-index', '1');
}

for (const { code, prefix, country, reason } of LOCALES) {
  test(`verification (${code}): every step with image files → CREATED; the admin passes it on the admin page → indicator 3`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: webUrl });
    const admin = await browser.newContext({ baseURL: webUrl });
    try {
      const email = await register(context.request, `kyc-pass-${code}`);
      const page = await context.newPage();
      await gotoLive(page, `${webUrl}${prefix}/profile/verification`);
      if (code === 'ru') await expect(page.getByTestId('page-title')).toHaveText(CYRILLIC);
      await expect(indicator(page)).toHaveAttribute('data-index', '0');
      await walkSteps(page, country, 'idcard');
      // after a reload too: the server keeps it
      await gotoLive(page, `${webUrl}${prefix}/profile/verification`);
      await expect(status(page)).toHaveAttribute('data-status', 'CREATED');
      await expect(page.getByTestId('verification-start')).toHaveCount(0);

      await signIn(admin.request, ADMIN.email, ADMIN.password);
      await decideOnAdminPage(admin, prefix, email, 'PASS');
      await gotoLive(page, `${webUrl}${prefix}/profile/verification`);
      await expect(status(page)).toHaveAttribute('data-status', 'PASS');
      await expect(indicator(page)).toHaveAttribute('data-index', '3');
      await expect(page.getByTestId('verification-start')).toHaveCount(0);
    } finally {
      await admin.close();
      await context.close();
    }
  });

  test(`verification (${code}): a passport (no back side), rejected on the admin page: the reason is shown, and a new start`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: webUrl });
    const admin = await browser.newContext({ baseURL: webUrl });
    try {
      const email = await register(context.request, `kyc-reject-${code}`);
      const page = await context.newPage();
      await gotoLive(page, `${webUrl}${prefix}/profile/verification`);
      await walkSteps(page, country, 'passport');
      await signIn(admin.request, ADMIN.email, ADMIN.password);
      await decideOnAdminPage(admin, prefix, email, 'REJECT', reason);
      await gotoLive(page, `${webUrl}${prefix}/profile/verification`);
      await expect(status(page)).toHaveAttribute('data-status', 'REJECT');
      await expect(page.getByTestId('verification-reject-reason')).toContainText(reason);
      await expect(indicator(page)).toHaveAttribute('data-index', '1');
      await page.getByTestId('verification-start').click();
      await expect(step(page)).toHaveAttribute('data-step', 'RESIDENTIAL');
      await expect(indicator(page)).toHaveAttribute('data-index', '0');
    } finally {
      await admin.close();
      await context.close();
    }
  });
}
