// Issue 25 "Buying with a card", en and /ru at 390 and 1280 px (lean: no order is created): home's visible "Buy with
// card" entry reaches the card USD → BTC pair page; its no-KYC threshold (1000 USD: the e2e api's default
// NO_KYC_THRESHOLD_USD) and a card purchase's own steps show before any amount is typed; a guest who typed an email
// and clicks "Exchange now" gets the register dialog saying why an account is needed, with that email in it; the
// popular exchanges page shows each pair by name with its current rate instead of raw slugs ("CARDUSD to BTC").
import { CYRILLIC, expect, test } from '../fixtures';
import { uniqueEmail } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { LOCALES, localePath, VIEWPORTS, WIDTHS } from '../helpers/looks';

const TEXTS = {
  en: { threshold: /less than 1,000 USD/, reason: /card purchase needs an account/, cardPair: 'USD (by card) to Bitcoin (BTC)' },
  ru: { threshold: /меньше 1\u00a0000 USD/, reason: /Для покупки картой нужен аккаунт/, cardPair: 'USD (картой) на Bitcoin (BTC)' },
} as const;

for (const { code, prefix } of LOCALES) {
  for (const width of WIDTHS) {
    test(`card entry (${code}, ${width} px): home's Buy with card, the threshold before typing, the guest's register dialog with the email, popular pairs by name with rates`, async ({
      page,
    }) => {
      const texts = TEXTS[code];
      await page.setViewportSize(VIEWPORTS[width]);
      await page.goto(localePath(prefix, '/'));
      await page.getByTestId('home-buy-with-card').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/exchange-usd-btc(\\?|$)`));
      await expect(page.getByTestId('instrument-send')).toHaveAttribute('data-slug', 'usd');

      // before any amount is typed: the threshold, and the steps of a card purchase (no deposit to an address)
      await expect(page.getByTestId('card-no-kyc-threshold')).toHaveText(texts.threshold);
      await expect(page.getByTestId('how-it-works')).toHaveAttribute('data-kind', 'card');
      if (prefix) await expect(page.getByTestId('how-it-works')).toContainText(CYRILLIC);

      // a guest types an email and clicks Exchange now: the dialog says why, and holds that email
      await expect(page.getByTestId('live-rate')).toHaveText(/\d/);
      const email = uniqueEmail(`card-entry-${code}-${width}`);
      await page.getByTestId('email').fill(email);
      await page.getByTestId('create-order').click();
      const dialog = page.getByTestId('auth-dialog');
      await expect(dialog).toHaveAttribute('data-kind', 'register');
      await expect(dialog.getByTestId('auth-register-reason')).toHaveText(texts.reason);
      await expect(dialog.getByTestId('auth-email')).toHaveValue(email);

      // popular exchanges: names, logos and the current rate, the link to the pair page kept
      await page.goto(localePath(prefix, '/popular-exchanges'));
      const list = page.getByTestId('popular-list');
      const card = list.getByTestId('popular-pair-usd-btc');
      await expect(card.getByRole('link', { name: texts.cardPair })).toHaveAttribute('href', `${prefix}/exchange-usd-btc`);
      await expect(card.getByTestId('logo-usd')).toHaveAttribute('data-kind', 'card');
      await expect(card).toHaveAttribute('data-rate', 'ready', { timeout: 20_000 });
      await expect(card).toContainText(/USD = 0[.,]\d+ BTC/);
      await expect(list).not.toContainText('CARDUSD');
      await expect(list).not.toContainText('USDTTRC20');
      await expectNoSeriousViolations(page, `${code} ${width} px popular exchanges`);
    });
  }
}
