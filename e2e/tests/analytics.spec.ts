// Issue 13, §4: each of the twelve analytics events is sent at the moment §4 means, with user_type, and reaches the
// api's first-party sink (POST /api/v1/analytics/events, answered 200 with the events accepted). Real journeys in the
// browser, en and /ru. The moment is read from `window.dataLayer` (the shell pushes every event there at once); the
// sink from the page's own requests to the api.
//
// Where each event is proven (here, and the unit test at its moment):
//   test_event                       — exchange journey: once per browser session (not again after a reload)
//                                      (shell/src/analytics/AnalyticsService.test.ts, pipeline.test.ts)
//   exchange_parameters_changed      — exchange journey: picking the pair and typing the amount
//                                      (mfe-exchange/src/features/exchange/FormAnalytics.test.ts)
//   exchange_initiated               — exchange journey: the create click (mfe-exchange/src/features/exchange/details/ExchangeDetailsStore.test.ts)
//   exchange_completed_guest         — exchange journey: the order page sees the sandbox order complete; once per order
//                                      (not again after a reload) (mfe-order/src/features/order/OrderStore.analytics.test.ts)
//   exchange_completed_registered    — registered exchange journey: a visitor who registered completes an order
//                                      (mfe-order/src/features/order/OrderStore.analytics.test.ts)
//   exchange_abandoned               — abandonment journey: another page by a link (unmount) and the page going away
//                                      (pagehide) (mfe-exchange/src/features/exchange/FormAnalytics.test.ts)
//   registration_abandoned           — accounts journey: the register dialog closed (shell AuthDialogsStore.test.ts)
//   registration_completed           — accounts journey: the register dialog submitted (shell SessionStore.test.ts)
//   login_success                    — accounts journey: the login dialog submitted (shell SessionStore.test.ts)
//   restore_password_form_submitted  — accounts journey: the restore dialog submitted (shell AuthDialogsStore.test.ts)
//   open_support_modal               — content journey: the support page's contact button (mfe-blog supportPages.test.tsx)
//   button_read_all_articles         — content journey: "Read all articles" on a post (mfe-blog blog.test.tsx)
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { completeRegisterDialog, uniqueEmail } from '../helpers/accounts';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

// Issue 24: analytics, UTM records and the referral cookie wait for consent: these journeys are a visitor's who gave it
// ("Accept all"); consent.spec.ts covers the visitor who has not.
test.use({ consent: 'all' });

const SINK = '/api/v1/analytics/events';
const PASSWORD = 'Amber-Meadow-4826';

interface SinkEvent {
  event: string;
  user_type: 'guest' | 'registered';
  occurredAt: number;
  sessionId?: string;
  path?: string;
  data?: Record<string, unknown>;
}

/** Every event the page sends to the api's sink, and the sink's answers (status, accepted). */
function watchSink(page: Page) {
  const sent: SinkEvent[] = [];
  const answers: { status: number; accepted?: number; sent: number }[] = [];
  page.context().on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== SINK) return;
    sent.push(...((request.postDataJSON() as { events: SinkEvent[] }).events ?? []));
  });
  page.context().on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== SINK) return;
    const body = (await response.json().catch(() => ({}))) as { accepted?: number };
    answers.push({ status: response.status(), accepted: body.accepted, sent: (request.postDataJSON() as { events: unknown[] }).events.length });
  });
  return {
    sent,
    answers,
    named: (event: string) => sent.filter((e) => e.event === event),
    /** Waits until the sink was sent `event` (the shell batches for a few seconds), then returns them. */
    async reached(event: string, count = 1): Promise<SinkEvent[]> {
      await expect
        .poll(() => sent.filter((e) => e.event === event).length, { message: `${event} sent to the sink`, timeout: 15_000 })
        .toBeGreaterThanOrEqual(count);
      return sent.filter((e) => e.event === event);
    },
    /**
     * Every answer of the sink so far was 200 and accepted the whole batch (when the page was still there to read it).
     * An answer is recorded only once its body is read, after the request was seen: wait for one readable answer.
     */
    async expectAccepted() {
      await expect.poll(() => answers.some((a) => a.accepted !== undefined), { message: 'a readable answer of the sink', timeout: 15_000 }).toBe(true);
      for (const a of answers) expect(a).toEqual({ status: 200, accepted: a.accepted === undefined ? undefined : a.sent, sent: a.sent });
    },
  };
}

/** The events pushed to the page's dataLayer so far (this document), with their user_type. */
async function dataLayer(page: Page): Promise<{ event: string; user_type: string }[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string; user_type: string }[] }).dataLayer ?? []).map(({ event, user_type }) => ({ event, user_type })),
  );
}
const inDataLayer = (page: Page, event: string) => expect.poll(async () => (await dataLayer(page)).filter((e) => e.event === event));
const sessionIdOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('utm_session_id'));

for (const prefix of ['', '/ru'] as const) {
  const where = prefix || '/';

  test(`${where}: a guest's exchange — test_event, exchange_parameters_changed, exchange_initiated, exchange_completed_guest reach the sink`, async ({
    page,
    stack,
  }) => {
    test.setTimeout(150_000);
    const sink = watchSink(page);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    // the pipeline started: test_event, as a guest, with the §9 session id of this browser session
    await inDataLayer(page, 'test_event').toEqual([{ event: 'test_event', user_type: 'guest' }]);
    const [testEvent] = await sink.reached('test_event');
    const sessionId = await sessionIdOf(page);
    expect(sessionId).toBeTruthy();
    expect(testEvent).toMatchObject({ user_type: 'guest', sessionId, path: prefix || '/' });
    // the visitor's own changes (pair, amount) — not the form's first load — debounced
    const changed = await sink.reached('exchange_parameters_changed');
    for (const e of changed)
      expect(e).toMatchObject({ user_type: 'guest', sessionId, data: expect.objectContaining({ changed: expect.stringMatching(/pair|amount/) }) });
    expect(changed.some((e) => String(e.data?.changed).includes('amount'))).toBe(true);
    expect(await inDataLayerNow(page, 'exchange_initiated')).toEqual([]);

    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();
    const { orderId, destinationAddress } = await expectOrderPage(page, prefix);
    // the create click: exchange_initiated; moving to the new order's page is not abandoning the form
    const [initiated] = await sink.reached('exchange_initiated');
    expect(initiated).toMatchObject({ user_type: 'guest', sessionId, data: { from: 'btc', to: 'eth', rateMode: 'FLOATING' } });
    expect(await inDataLayerNow(page, 'exchange_completed_guest')).toEqual([]);

    const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
    await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 90_000 });
    // the order page saw it complete: exchange_completed_guest with the order id (never the address: the path has no query)
    await inDataLayer(page, 'exchange_completed_guest').toEqual([{ event: 'exchange_completed_guest', user_type: 'guest' }]);
    const [completed] = await sink.reached('exchange_completed_guest');
    expect(completed).toMatchObject({ user_type: 'guest', sessionId, path: `${prefix}/order/${orderId}`, data: expect.objectContaining({ orderId }) });
    expect(JSON.stringify(sink.sent)).not.toContain(destinationAddress);

    // once per order per browser, test_event once per browser session: a reload sends neither again
    await page.reload();
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED');
    await expect(page.getByTestId('order-steps')).toHaveAttribute('data-step', '3');
    expect(await inDataLayerNow(page, 'exchange_completed_guest')).toEqual([]);
    expect(await inDataLayerNow(page, 'test_event')).toEqual([]);
    expect(sink.named('exchange_completed_guest')).toHaveLength(1);
    expect(sink.named('test_event')).toHaveLength(1);
    expect(sink.named('exchange_abandoned')).toEqual([]);
    await sink.expectAccepted();
  });

  test(`${where}: a registered visitor's exchange — exchange_initiated and exchange_completed_registered as registered`, async ({ page, stack }) => {
    test.setTimeout(150_000);
    const sink = watchSink(page);
    await page.goto(`${prefix}/`);
    await page.getByTestId('header-register').click();
    await completeRegisterDialog(page, uniqueEmail(`analytics-reg${prefix.replace('/', '-')}`), PASSWORD);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();
    const { orderId, destinationAddress } = await expectOrderPage(page, prefix);
    const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
    await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 90_000 });
    await inDataLayer(page, 'exchange_completed_registered').toEqual([{ event: 'exchange_completed_registered', user_type: 'registered' }]);
    expect(await inDataLayerNow(page, 'exchange_completed_guest')).toEqual([]);
    expect(await sink.reached('exchange_initiated')).toEqual([expect.objectContaining({ user_type: 'registered' })]);
    expect(await sink.reached('exchange_completed_registered')).toEqual([
      expect.objectContaining({ user_type: 'registered', data: expect.objectContaining({ orderId }) }),
    ]);
    await sink.expectAccepted();
  });

  test(`${where}: exchange_abandoned — leaving the changed form by a link, and the page going away`, async ({ page }) => {
    const sink = watchSink(page);
    await page.goto(`${prefix}/`);
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/);
    // untouched form left: not abandoned
    await page.locator(`a[href="${prefix}/popular-exchanges"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/popular-exchanges$`));
    expect(await inDataLayerNow(page, 'exchange_abandoned')).toEqual([]);

    // changed, then another page by a link (the form unmounts)
    await page.goto(`${prefix}/`);
    await page.getByTestId('amount-send').fill('0.3');
    await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/);
    await page.locator(`a[href="${prefix}/popular-exchanges"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/popular-exchanges$`));
    await inDataLayer(page, 'exchange_abandoned').toEqual([{ event: 'exchange_abandoned', user_type: 'guest' }]);
    const [byLink] = await sink.reached('exchange_abandoned');
    expect(byLink).toMatchObject({ user_type: 'guest', data: expect.objectContaining({ from: expect.any(String), to: expect.any(String) }) });
    // the pending change went out before the abandonment
    const order = sink.sent.map((e) => e.event).filter((e) => e === 'exchange_parameters_changed' || e === 'exchange_abandoned');
    expect(order).toEqual(['exchange_parameters_changed', 'exchange_abandoned']);

    // changed (rate mode), then the page itself goes away: its pagehide listeners run (the shell's first: from then on
    // every event leaves at once, with keepalive). The event is dispatched here rather than by unloading the page:
    // Chromium sends a keepalive request of an unloading document from the browser process, where neither the page's
    // nor the context's request observers (nor its CDP target) see it — the moment and the request are what is checked.
    await page.goto(`${prefix}/`);
    await page.getByTestId('rate-mode-fixed').click();
    await inDataLayer(page, 'exchange_parameters_changed').toHaveLength(1);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await inDataLayer(page, 'exchange_abandoned').toEqual([{ event: 'exchange_abandoned', user_type: 'guest' }]);
    const both = await sink.reached('exchange_abandoned', 2);
    expect(both[1]).toMatchObject({ user_type: 'guest', data: expect.objectContaining({ rateMode: 'FIXED' }) });
    await sink.expectAccepted();
  });

  test(`${where}: accounts — registration_abandoned, registration_completed, login_success, restore_password_form_submitted`, async ({ page }) => {
    test.setTimeout(90_000);
    const sink = watchSink(page);
    const email = uniqueEmail(`analytics${prefix.replace('/', '-')}`);
    await page.goto(`${prefix}/`);
    await inDataLayer(page, 'test_event').toHaveLength(1);

    // the register dialog closed without registering
    await page.getByTestId('header-register').click();
    await expect(page.getByTestId('auth-dialog')).toHaveAttribute('data-kind', 'register');
    await page.getByTestId('auth-close').click();
    await expect(page.getByTestId('auth-dialog')).toHaveCount(0);
    await inDataLayer(page, 'registration_abandoned').toEqual([{ event: 'registration_abandoned', user_type: 'guest' }]);

    // registered (and so signed in): registration_completed as registered, and no abandonment
    await page.getByTestId('header-register').click();
    await completeRegisterDialog(page, email, PASSWORD);
    await inDataLayer(page, 'registration_completed').toEqual([{ event: 'registration_completed', user_type: 'registered' }]);
    expect(await inDataLayerNow(page, 'registration_abandoned')).toHaveLength(1);

    // signed out, then in again
    await page.getByTestId('header-logout').click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await page.getByTestId('header-login').click();
    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog).toHaveAttribute('data-kind', 'login');
    await dialog.getByTestId('auth-email').fill(email);
    await dialog.getByTestId('auth-password').fill(PASSWORD);
    await dialog.getByTestId('auth-submit').click();
    await expect(page.getByTestId('header-account')).toHaveText(email);
    await inDataLayer(page, 'login_success').toEqual([{ event: 'login_success', user_type: 'registered' }]);

    // signed out, the restore-password form sent
    await page.getByTestId('header-logout').click();
    await page.getByTestId('header-login').click();
    await dialog.getByTestId('auth-to-restore').click();
    await expect(dialog).toHaveAttribute('data-kind', 'restore');
    expect(await inDataLayerNow(page, 'restore_password_form_submitted')).toEqual([]);
    await dialog.getByTestId('auth-email').fill(email);
    await dialog.getByTestId('auth-submit').click();
    await expect(dialog).toHaveAttribute('data-kind', 'newPassword');
    await inDataLayer(page, 'restore_password_form_submitted').toEqual([{ event: 'restore_password_form_submitted', user_type: 'guest' }]);

    // all of them reached the sink with their user_type; no email anywhere in what was sent
    const sessionId = await sessionIdOf(page);
    for (const [event, userType] of [
      ['registration_abandoned', 'guest'],
      ['registration_completed', 'registered'],
      ['login_success', 'registered'],
      ['restore_password_form_submitted', 'guest'],
    ] as const) {
      const [e] = await sink.reached(event);
      expect(e, event).toMatchObject({ user_type: userType, sessionId });
    }
    expect(JSON.stringify(sink.sent)).not.toContain(email);
    await sink.expectAccepted();
  });

  test(`${where}: content — open_support_modal on the support page, button_read_all_articles on a post`, async ({ page }) => {
    const sink = watchSink(page);
    await page.goto(`${prefix}/support`);
    expect(await inDataLayerNow(page, 'open_support_modal')).toEqual([]);
    await page.getByTestId('support-contact-open').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await inDataLayer(page, 'open_support_modal').toEqual([{ event: 'open_support_modal', user_type: 'guest' }]);
    expect(await sink.reached('open_support_modal')).toEqual([expect.objectContaining({ user_type: 'guest', path: `${prefix}/support` })]);
    await page.keyboard.press('Escape');

    await page.goto(`${prefix}/blog/guides/fixed-vs-floating-rate`);
    await page.getByTestId('blog-read-all').first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/blog$`));
    await inDataLayer(page, 'button_read_all_articles').toEqual([{ event: 'button_read_all_articles', user_type: 'guest' }]);

    expect(await sink.reached('button_read_all_articles')).toEqual([expect.objectContaining({ user_type: 'guest' })]);
    await sink.expectAccepted();
  });
}

/** The dataLayer's `event` entries right now (for "not yet" and "not again"). */
async function inDataLayerNow(page: Page, event: string) {
  return (await dataLayer(page)).filter((e) => e.event === event);
}
