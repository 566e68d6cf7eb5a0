// (a) The home page shows a live rate that keeps changing over the WebSocket, with no reload.
import type { Page, WebSocket } from '@playwright/test';
import { CYRILLIC, expect, expectSameDocument, markDocument, test } from '../fixtures';

interface WsLog {
  sockets: string[];
  /** parsed `{"channel":"pairs","event":"data",…}` frames received from /api/v2/ws */
  dataFrames: number;
  /** `data.updatedAt` of every data frame, in order */
  updatedAts: string[];
}

/** Records frames of every /api/v2/ws socket the page opens (attach before navigating). */
function watchRatesSocket(page: Page): WsLog {
  const log: WsLog = { sockets: [], dataFrames: 0, updatedAts: [] };
  page.on('websocket', (ws: WebSocket) => {
    if (new URL(ws.url()).pathname !== '/api/v2/ws') return;
    log.sockets.push(ws.url());
    ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as {
          channel?: string;
          event?: string;
          data?: { updatedAt?: unknown };
        };
        if (msg.channel === 'pairs' && msg.event === 'data') {
          log.dataFrames += 1;
          if (msg.data?.updatedAt !== undefined) log.updatedAts.push(String(msg.data.updatedAt));
        }
      } catch {
        /* not JSON: ignore */
      }
    });
  });
  return log;
}

/** What the page shows as the rate's time: the <time datetime> attribute, else its text. */
async function shownUpdatedAt(page: Page): Promise<string> {
  const el = page.getByTestId('rate-updated-at').first();
  return (await el.getAttribute('datetime')) ?? (await el.textContent())?.trim() ?? '';
}

async function expectLiveRate(page: Page, path: string): Promise<void> {
  const ws = watchRatesSocket(page);
  await page.goto(path);
  await expect(page.getByTestId('page-title')).toBeVisible();
  // A rate is a number (e.g. "1 BTC = 17.93 ETH").
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await expect(page.getByTestId('rate-updated-at').first()).toBeVisible();
  await markDocument(page);

  // The first data frame answers the subscription; every later one is a tick.
  await expect.poll(() => ws.dataFrames, { message: 'no {"channel":"pairs","event":"data"} frame from /api/v2/ws', timeout: 10_000 }).toBeGreaterThan(0);
  const before = await shownUpdatedAt(page);
  const rateBefore = await page.getByTestId('live-rate').first().textContent();
  // Within 15 s the page shows a newer updatedAt, and that exact value arrived in a WebSocket frame.
  await expect
    .poll(
      async () => {
        const now = await shownUpdatedAt(page);
        return now !== before && ws.updatedAts.includes(now);
      },
      {
        message: `rate-updated-at stayed "${before}" or never showed a value received over /api/v2/ws (frames: ${ws.updatedAts.join(', ')})`,
        timeout: 15_000,
        intervals: [250],
      },
    )
    .toBe(true);
  expect(new Set(ws.updatedAts).size, 'distinct updatedAt values over the socket').toBeGreaterThan(1);
  test.info().annotations.push({ type: 'rate', description: `${rateBefore} → ${await page.getByTestId('live-rate').first().textContent()}` });
  await expectSameDocument(page);
}

test('home: live rate updates over the WebSocket without a reload', async ({ page }) => {
  await expectLiveRate(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', /^en\b/);
});

test('/ru: the Russian home page shows a live rate that updates over the WebSocket', async ({ page }) => {
  await expectLiveRate(page, '/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ru\b/);
  await expect(page.getByTestId('page-title')).toHaveText(CYRILLIC);
});
