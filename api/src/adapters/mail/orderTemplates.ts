// Mails about an exchange order (issue 23), en and ru: its link when an email is given (the exchange form or the order
// page's "Send me the link"), its completion, its refund, and a problem that waits for the customer. Each carries the
// order page's link (the link is the order's key: never logged).
import type { MailLocale, MailMessage } from './types';

/** What an order mail says about its order (amounts as the api shows them, with their currency). */
export interface OrderMailFacts {
  orderId: string;
  url: string;
  /** What the customer sends and gets, e.g. "0.01 BTC" and "0.2 ETH". */
  send: string;
  get: string;
  destinationAddress: string;
  /** order_completed: the payout; order_refunded: the refund. */
  sent?: string;
  address?: string;
  txHash?: string | null;
}

export type OrderProblem = 'new_rate_or_refund' | 'on_hold';

type Texts = { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };

const tx = (label: string, hash: string | null | undefined) => (hash ? `\n${label}: ${hash}` : '');

const LINK: Record<MailLocale, Texts> = {
  en: {
    subject: (f) => `Your exchange order ${f.orderId}`,
    body: (f) =>
      `Your order ${f.orderId}: you send ${f.send} and get ${f.get} at ${f.destinationAddress}.\n\n` +
      `Its page shows the deposit address and every step:\n${f.url}\n\n` +
      'Keep this link: it opens the order. We will also write when the order is completed or needs you.',
  },
  ru: {
    subject: (f) => `Ваш заказ на обмен ${f.orderId}`,
    body: (f) =>
      `Ваш заказ ${f.orderId}: вы отправляете ${f.send} и получаете ${f.get} на адрес ${f.destinationAddress}.\n\n` +
      `На её странице — адрес для депозита и каждый шаг обмена:\n${f.url}\n\n` +
      'Сохраните эту ссылку: она открывает заказ. Мы также напишем, когда обмен завершится или потребуется ваше решение.',
  },
};

const COMPLETED: Record<MailLocale, Texts> = {
  en: {
    subject: (f) => `Order ${f.orderId} is completed`,
    body: (f) => `We have sent ${f.sent} to ${f.address}.${tx('Transaction', f.txHash)}\n\nThe order's page:\n${f.url}`,
  },
  ru: {
    subject: (f) => `Заявка ${f.orderId} выполнена`,
    body: (f) => `Мы отправили ${f.sent} на адрес ${f.address}.${tx('Транзакция', f.txHash)}\n\nСтраница заказа:\n${f.url}`,
  },
};

const REFUNDED: Record<MailLocale, Texts> = {
  en: {
    subject: (f) => `Order ${f.orderId}: your refund is sent`,
    body: (f) => `We have refunded ${f.sent} to ${f.address}.${tx('Transaction', f.txHash)}\n\nThe order's page:\n${f.url}`,
  },
  ru: {
    subject: (f) => `Заявка ${f.orderId}: возврат отправлен`,
    body: (f) => `Мы вернули ${f.sent} на адрес ${f.address}.${tx('Транзакция', f.txHash)}\n\nСтраница заказа:\n${f.url}`,
  },
};

const PROBLEM: Record<OrderProblem, Record<MailLocale, Texts>> = {
  new_rate_or_refund: {
    en: {
      subject: (f) => `Order ${f.orderId} needs your choice`,
      body: (f) =>
        'Your deposit arrived, but the fixed rate of the order no longer holds (the deposit came late, its amount differs, or the market moved too far).\n\n' +
        `On the order's page, choose: continue at the new rate it offers, or get your deposit back:\n${f.url}\n\n` +
        'Nothing is exchanged until you choose.',
    },
    ru: {
      subject: (f) => `Заявка ${f.orderId} ждёт вашего решения`,
      body: (f) =>
        'Ваш депозит поступил, но фиксированный курс заказа больше не действует (депозит пришёл поздно, его сумма другая или рынок сильно изменился).\n\n' +
        `На странице заказа выберите: продолжить по новому предложенному курсу или вернуть депозит:\n${f.url}\n\n` +
        'Пока вы не выбрали, обмен не выполняется.',
    },
  },
  on_hold: {
    en: {
      subject: (f) => `Order ${f.orderId}: your deposit is on hold`,
      body: (f) =>
        'Your deposit arrived but cannot be exchanged automatically (it is outside the limits of the pair, or the pair is switched off).\n\n' +
        `The order's page says why and lets you request a refund; you can also write to support:\n${f.url}`,
    },
    ru: {
      subject: (f) => `Заявка ${f.orderId}: депозит задержан`,
      body: (f) =>
        'Ваш депозит поступил, но не может быть обменян автоматически (он вне лимитов пары или пара отключена).\n\n' +
        `На странице заказа указана причина и можно запросить возврат; также можно написать в поддержку:\n${f.url}`,
    },
  },
};

const message = (kind: MailMessage['kind'], texts: Texts, to: string, locale: MailLocale, f: OrderMailFacts): MailMessage => ({
  to,
  kind,
  locale,
  subject: texts.subject(f),
  text: texts.body(f),
});

/** The order's link, when the order is created with an email or one is set on its page. */
export const orderCreatedMessage = (to: string, locale: MailLocale, f: OrderMailFacts) => message('order_link', LINK[locale], to, locale, f);
/** WITHDRAWAL_COMPLETED: what was sent, where. */
export const orderCompletedMessage = (to: string, locale: MailLocale, f: OrderMailFacts) => message('order_completed', COMPLETED[locale], to, locale, f);
/** REFUND_COMPLETED: what was refunded, where. */
export const orderRefundedMessage = (to: string, locale: MailLocale, f: OrderMailFacts) => message('order_refunded', REFUNDED[locale], to, locale, f);
/** A fixed-rate problem (the new-rate-or-refund choice) or a held deposit: the customer has to act. */
export const orderProblemMessage = (to: string, locale: MailLocale, problem: OrderProblem, f: OrderMailFacts) =>
  message('order_action_needed', PROBLEM[problem][locale], to, locale, f);
