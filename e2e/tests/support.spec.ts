// §2 /support (issue 13), en and /ru: the FAQ is in the server's HTML (native <details>), the contact dialog sends a
// request whose acknowledgement (ticket id and subject, not the message) is in the sandbox outbox, the order id field
// refuses a malformed id on the field, and the order lookup answers without telling whether an order matched.
import { expect, test } from '../fixtures';
import { expectNoSeriousViolations } from '../helpers/axe';
import { uniqueEmail } from '../helpers/accounts';

const LOCALES = [
  {
    prefix: '',
    locale: 'en',
    open: 'Contact support',
    sent: 'An acknowledgement with this number is on its way',
    badOrder: 'This is not an order id',
    lookupSent: "we've sent its link to the order's email",
  },
  {
    prefix: '/ru',
    locale: 'ru',
    open: 'Написать в поддержку',
    sent: 'Подтверждение с этим номером уже в пути',
    badOrder: 'Это не номер заказа',
    lookupSent: 'отправили ссылку на него на email заказа',
  },
] as const;

interface OutboxMail {
  kind: string;
  locale: string;
  subject: string;
  text: string;
}

for (const l of LOCALES) {
  test.describe(l.prefix || '/', () => {
    test('the FAQ arrives rendered by the server, as disclosure widgets', async ({ request, page }) => {
      const html = await (await request.get(`${l.prefix}/support`)).text();
      expect(html).toContain('data-testid="support-faq-item"');
      await page.goto(`${l.prefix}/support`);
      const first = page.getByTestId('support-faq-item').first();
      await expect(first).not.toHaveAttribute('open');
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open');
      await expectNoSeriousViolations(page, `${l.locale} support page`);
    });

    test('the contact form is sent: the ticket id is shown and its acknowledgement is in the sandbox outbox', async ({ page, stack }) => {
      const email = uniqueEmail(`support-${l.locale}`);
      await page.goto(`${l.prefix}/support`);
      await page.getByRole('button', { name: l.open }).click();
      const dialog = page.getByTestId('support-contact-dialog');
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, `${l.locale} support contact dialog`, '[data-testid="support-contact-dialog"]');
      await dialog.getByTestId('support-field-email').fill(email);
      await dialog.getByTestId('support-field-subject').fill('e2e payout question');
      await dialog.getByTestId('support-field-message').fill('My payout has not arrived yet: secret-e2e-body.');
      await dialog.getByTestId('support-contact-send').click();
      const ticket = dialog.getByTestId('support-ticket-id');
      await expect(ticket).toHaveText(/^SR-[0-9A-Z]{8}$/);
      await expect(dialog).toContainText(l.sent);
      const ticketId = (await ticket.textContent()) ?? '';

      let mail: OutboxMail | undefined;
      await expect
        .poll(async () => {
          const res = await page.request.get(`${stack.apiUrl}/api/v1/sandbox/mail`, { params: { to: email } });
          mail = ((await res.json()) as { messages: OutboxMail[] }).messages.find((m) => m.kind === 'support_request_received');
          return mail?.locale ?? null;
        })
        .toBe(l.locale);
      expect(mail?.subject).toContain(ticketId);
      expect(mail?.text).toContain('e2e payout question');
      expect(mail?.text).not.toContain('secret-e2e-body');
    });

    test('the order id field refuses a malformed id, on the field, and nothing is sent', async ({ page }) => {
      await page.goto(`${l.prefix}/support`);
      await page.getByRole('button', { name: l.open }).click();
      const dialog = page.getByTestId('support-contact-dialog');
      await dialog.getByTestId('support-field-email').fill(uniqueEmail('support-bad-order'));
      await dialog.getByTestId('support-field-message').fill('A question about my order.');
      const order = dialog.getByTestId('support-field-order');
      await order.fill('order-42');
      await dialog.getByTestId('support-contact-send').click();
      await expect(order).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toContainText(l.badOrder);
      await expect(dialog.getByTestId('support-ticket-id')).toHaveCount(0);
      // Escape closes the dialog and focus goes back to its button
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: l.open })).toBeFocused();
    });

    test('the order lookup answers the same whatever the hash: the link goes to the order’s email only', async ({ page }) => {
      await page.goto(`${l.prefix}/support`);
      await page.getByTestId('support-lookup-hash').fill(`0x${'ab'.repeat(32)}`);
      await page.getByTestId('support-lookup-send').click();
      await expect(page.getByTestId('support-lookup-sent')).toContainText(l.lookupSent);
    });
  });
}
