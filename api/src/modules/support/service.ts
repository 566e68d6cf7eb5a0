// §2 /support (issue 13): support requests from the contact form, acknowledged by mail, and the order lookup by deposit
// transaction hash for a guest who lost the order link. The lookup's answer is the same whatever happened (an order
// found or not, with an email or without, mailed or over its mail budget): only the order's own email gets the link.
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError, EmailSchema } from 'shared-contracts/server';
import type { Outbox } from '../../outbox';
import { orderLinkMessage, pickLocale, supportAcknowledgementMessage } from '../../adapters/mail';
import { normalizeEmail } from '../accounts';
import type { SupportLimiter } from '../../limits';
import type { SupportRepo } from './repo';

/** Order ids are UUIDs (orders/creation.ts). */
const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Crockford-like: no 0/O, 1/I, so a ticket id read out loud or retyped survives. */
const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const TICKET_LENGTH = 8;
export const TICKET_ID_PATTERN = new RegExp(`^SR-[${TICKET_ALPHABET}]{${TICKET_LENGTH}}$`);

/** `SR-` and 8 random characters of 32 (40 bits): not guessable, short enough to quote. */
function newTicketId(): string {
  const bytes = randomBytes(TICKET_LENGTH);
  let id = 'SR-';
  for (const b of bytes) id += TICKET_ALPHABET[b & 31];
  return id;
}

export interface SupportRequestInput {
  email: string;
  subject?: string;
  message: string;
  orderId?: string;
  locale: string;
  userId: number | null;
}

export interface SupportLog {
  info(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export interface SupportDeps {
  repo: SupportRepo;
  /** Mails are queued with the change that causes them (issue 14): the ticket and its acknowledgement commit together. */
  outbox: Outbox;
  limiter: SupportLimiter;
  /** The site's origin that order links point to (the first PUBLIC_ORIGIN). */
  siteOrigin: string;
}

/** The order page as the site builds it (mfe-exchange ExchangeDetailsStore): `/order/{id}?destinationAddress=…`. */
export function orderPageUrl(siteOrigin: string, locale: 'en' | 'ru', orderId: string, destinationAddress: string): string {
  const prefix = locale === 'ru' ? '/ru' : '';
  return `${siteOrigin}${prefix}/order/${encodeURIComponent(orderId)}?destinationAddress=${encodeURIComponent(destinationAddress)}`;
}

export function createSupportService(d: SupportDeps) {
  return {
    async createRequest(input: SupportRequestInput, log: SupportLog): Promise<{ ticketId: string }> {
      const email = EmailSchema.safeParse(input.email);
      if (!email.success) throw ApiError.of('ERR_VALIDATION', 'Invalid body.email: invalid email', { fields: { email: 'invalid email' } });
      const address = normalizeEmail(email.data);
      const orderId = input.orderId?.trim() || null;
      if (orderId !== null) {
        if (!ORDER_ID_PATTERN.test(orderId)) {
          throw ApiError.of('ERR_VALIDATION', 'Invalid body.orderId: not an order id', { fields: { orderId: 'not an order id' } });
        }
        if (!(await d.repo.orderExists(orderId.toLowerCase()))) {
          throw ApiError.of('ERR_NOT_FOUND', 'No order with this id', { fields: { orderId: 'no order with this id' } });
        }
      }
      await d.limiter.request(address);
      const subject = input.subject?.trim() || null;
      let ticketId = newTicketId();
      const row = { email: address, subject, message: input.message, orderId: orderId?.toLowerCase() ?? null, userId: input.userId, locale: input.locale };
      const locale = pickLocale(input.locale, undefined);
      // The ticket and its acknowledgement mail commit together; the outbox delivers the mail (it is on its way, not
      // yet delivered, when this answers).
      await d.outbox.transaction(async (tx) => {
        // 40 random bits: a collision is rare; a few draws make it vanish.
        for (let attempt = 0; !(await d.repo.insert({ ...row, ticketId }, tx)); attempt++) {
          if (attempt >= 4) throw new Error('support request: no free ticket id after 5 draws');
          ticketId = newTicketId();
        }
        await d.outbox.enqueue(tx, {
          topic: 'mail',
          payload: supportAcknowledgementMessage(address, locale, ticketId, subject ?? undefined),
          dedupeKey: `mail:support_request_received:${ticketId}`,
        });
      });
      log.info({ ticketId }, 'support request filed');
      return { ticketId };
    },

    /** Always resolves (but for the per-address limit): whether an order matched is never told. */
    async lookupOrder(input: { txHash: string; locale: string; ip: string }, log: SupportLog): Promise<{ ok: true }> {
      await d.limiter.lookup(input.ip);
      const order = await d.repo.findOrderByDepositTx(input.txHash.trim());
      if (order?.email && (await d.limiter.orderLinkMail(order.orderId))) {
        const locale = pickLocale(input.locale, undefined);
        const url = orderPageUrl(d.siteOrigin, locale, order.orderId, order.destinationAddress);
        log.info({ orderId: order.orderId }, 'order link mailed from the support lookup');
        // Not awaited whatever the transport: the answer takes the same time whether a mail goes out or not. The
        // queueing is its own transaction (the lookup changes nothing else); the outbox then delivers it.
        const message = orderLinkMessage(normalizeEmail(order.email), locale, url);
        void d.outbox
          .transaction((tx) => d.outbox.enqueue(tx, { topic: 'mail', payload: message, dedupeKey: `mail:order_link:${order.orderId}:${randomUUID()}` }))
          .catch(() => log.error({ orderId: order.orderId }, 'order link mail not queued'));
      }
      return { ok: true };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
