// (a) The home page shows a live rate that keeps changing over the WebSocket, with no reload.
import type { Page, WebSocket } from '@playwright/test';
import { CYRILLIC, expect, expectSameDocument, markDocument, test } from '../fixtures';

interface WsLog {
  sockets: string[];
  /** parsed `{"channel":"pairs","event":"data",…}` frames received from /api/v2/ws */
  dataFrames: number;
}

/** Records frames of every /api/v2/ws socket the page opens (attach before navigating). */
function watchRatesSocket(page: Page): WsLog {
  const log: WsLog = { sockets: [], dataFrames: 0 };
  page.on('websocket', (ws: WebSocket) => {
    if (new URL(ws.url()).pathname !== '/api/v2/ws') return;
    log.sockets.push(ws.url());
    ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as { channel?: string; event?: string };
        if (msg.channel === 'pairs' && msg.event === 'data') log.dataFrames += 1;
      } catch {
        /* not JSON: ignore */
      }
    });
  });
  return log;
}

async function rateSnapshot(page: Page): Promise<string> {
  const rate = (await page.getByTestId('live-rate').first().textContent())?.trim() ?? '';
  const updated = page.getByTestId('rate-updated-at').first();
  const updatedText = (await updated.count()) > 0 ? `${(await updated.textContent())?.trim()}|${await updated.getAttribute('datetime')}|${await updated.getAttribute('title')}` : '';
  return `${rate} @ ${updatedText}`;
}

async function expectLiveRate(page: Page, path: string): Promise<void> {
  const ws = watchRatesSocket(page);
  await page.goto(path);
  await expect(page.getByTestId('page-title')).toBeVisible();
  // A rate is a number (e.g. "1 BTC = 17.93 ETH").
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await expect(page.getByTestId('rate-updated-at').first()).toBeVisible();
  await markDocument(page);

  // The first data frame answers the subscription; wait for it, then for a change driven by a later tick.
  await expect.poll(() => ws.dataFrames, { message: 'no {"channel":"pairs","event":"data"} frame from /api/v2/ws', timeout: 10_000 }).toBeGreaterThan(0);
  const before = await rateSnapshot(page);
  const framesBefore = ws.dataFrames;
  await expect
    .poll(() => rateSnapshot(page), { message: `live rate / rate-updated-at never changed from "${before}"`, timeout: 15_000, intervals: [250] })
    .not.toBe(before);
  expect(ws.dataFrames, 'the change on screen was not preceded by a new WebSocket frame').toBeGreaterThan(framesBefore);
  expect(ws.sockets.length, 'the page opened no /api/v2/ws socket').toBeGreaterThan(0);
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
