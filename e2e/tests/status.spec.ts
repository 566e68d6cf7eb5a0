// The public status page (issue 13), en and /ru: today's status is recorded by the api (at start, then counted once a
// minute) and shown as the last bar of the 90-day strip, each bar labelled; the status now is worded Operational /
// Degraded / Outage. Incidents posted through the admin API: status-incidents.spec.ts (an api and web of its own).
import { STATUS_HISTORY_DAYS } from 'shared-contracts';
import { expect, test } from '../fixtures';
import { expectNoSeriousViolations } from '../helpers/axe';

const LOCALES = [
  { prefix: '', title: 'Service status', wording: /Operational|Degraded|Outage/, noData: ': no data' },
  { prefix: '/ru', title: 'Статус сервиса', wording: /Работает|Частичный сбой|Сбой/, noData: ': нет данных' },
] as const;

for (const l of LOCALES) {
  test(`${l.prefix || '/'}: the status page shows today's status`, async ({ page, request }) => {
    // server-rendered: the strip is in the first HTML
    const html = await (await request.get(`${l.prefix}/status`)).text();
    expect(html.match(/data-testid="status-day"/g)).toHaveLength(STATUS_HISTORY_DAYS);

    const today = new Date().toISOString().slice(0, 10);
    // the api records its health within seconds of starting; a fresh stack may need a reload or two
    await expect
      .poll(
        async () => {
          await page.goto(`${l.prefix}/status`);
          return page.getByTestId('status-day').last().getAttribute('data-status');
        },
        { timeout: 60_000 },
      )
      .toMatch(/^(OK|TECHNICAL_DIFFICULTIES|UNHEALTHY)$/);
    await expect(page.getByTestId('page-title')).toHaveText(l.title);
    await expect(page.getByTestId('status-current')).toContainText(l.wording);
    const last = page.getByTestId('status-day').last();
    await expect(last).toHaveAttribute('data-date', today);
    await expect(last).not.toContainText(l.noData);
    await expect(page.getByTestId('status-day')).toHaveCount(STATUS_HISTORY_DAYS);
    await expect(page.getByTestId('status-uptime')).toContainText('%');
    await expectNoSeriousViolations(page, `${l.prefix || '/'} status page`);
    // 390 px wide: the 90 bars share the width, nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('status-day').last()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
