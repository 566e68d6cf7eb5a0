// Signatures of webhook deliveries: X-Coinferry-Signature `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
// with the same t in X-Coinferry-Timestamp. A receiver recomputes v1 over the raw body and refuses an old t.
import { createHmac } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  eventId: 'x-coinferry-event-id',
  deliveryId: 'x-coinferry-delivery-id',
  timestamp: 'x-coinferry-timestamp',
  signature: 'x-coinferry-signature',
} as const;

const hmacHex = (secret: string, message: string): string => createHmac('sha256', secret).update(message).digest('hex');

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${body}`)}`;
}
