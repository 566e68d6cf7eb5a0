// Mails of the support page (§2 /support, issue 13), en and ru. The acknowledgement quotes the ticket id and the
// subject only: the message itself is never mailed back (whoever typed an address that is not theirs learns nothing
// of its owner, and the owner gets no text chosen by a stranger beyond a subject line).
import type { MailLocale, MailMessage } from './types';

/** Longest subject quoted back in a mail; longer ones are cut with an ellipsis. */
const QUOTED_SUBJECT_MAX = 120;

function quoted(subject: string | undefined): string | null {
  // Line breaks would let a subject shape the mail's body.
  const flat = (subject ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  return flat.length > QUOTED_SUBJECT_MAX ? `${flat.slice(0, QUOTED_SUBJECT_MAX - 1)}…` : flat;
}

const ACKNOWLEDGEMENT: Record<MailLocale, { subject: (ticketId: string) => string; body: (ticketId: string, subject: string | null) => string }> = {
  en: {
    subject: (ticketId) => `We have your request ${ticketId}`,
    body: (ticketId, subject) =>
      `Thank you for writing to support. Your request has the number ${ticketId}${subject ? ` (subject: "${subject}")` : ''}.\n\n` +
      'We answer by mail, usually within a day. Quote this number if you write to us again about the same question.\n' +
      'If you did not write to us, ignore this message.',
  },
  ru: {
    subject: (ticketId) => `Мы получили ваше обращение ${ticketId}`,
    body: (ticketId, subject) =>
      `Спасибо, что написали в поддержку. Номер вашего обращения: ${ticketId}${subject ? ` (тема: «${subject}»)` : ''}.\n\n` +
      'Мы отвечаем по почте, обычно в течение суток. Указывайте этот номер, если снова пишете нам по тому же вопросу.\n' +
      'Если вы нам не писали, просто проигнорируйте это письмо.',
  },
};

/** To the address a support request gave: its ticket id and subject, never the message. */
export function supportAcknowledgementMessage(to: string, locale: MailLocale, ticketId: string, subject: string | undefined): MailMessage {
  const t = ACKNOWLEDGEMENT[locale];
  return { to, kind: 'support_request_received', locale, subject: t.subject(ticketId), text: t.body(ticketId, quoted(subject)) };
}

const ORDER_LINK: Record<MailLocale, { subject: string; body: (url: string) => string }> = {
  en: {
    subject: 'The link to your order',
    body: (url) =>
      `Someone asked on the support page for the link to the order whose deposit transaction they know. This is the order's email, so the link comes here:\n\n${url}\n\n` +
      'If it was not you, ignore this message: nothing about the order was shown to anyone.',
  },
  ru: {
    subject: 'Ссылка на ваш заказ',
    body: (url) =>
      `На странице поддержки запросили ссылку на заказ по хешу его входящей транзакции. Это email заказа, поэтому ссылка пришла сюда:\n\n${url}\n\n` +
      'Если это были не вы, просто проигнорируйте письмо: никому ничего о заказе не показано.',
  },
};

/** To an order's email: the order page's link (support's order lookup by deposit transaction hash). */
export function orderLinkMessage(to: string, locale: MailLocale, orderUrl: string): MailMessage {
  const t = ORDER_LINK[locale];
  return { to, kind: 'order_link', locale, subject: t.subject, text: t.body(orderUrl) };
}
