// Sandbox mailer: messages are stored in mail_outbox (read with `pnpm sandbox mail`).
import type { DbHandle } from '../../db/client';
import type { Mailer, MailMessage } from './types';

export interface OutboxEntry extends MailMessage {
  id: number;
  createdAt: string;
}

export function createOutboxMailer(db: DbHandle): Mailer {
  return {
    sandbox: true,
    slow: false,
    async send(m) {
      await db.withSession((s) =>
        s.query(`INSERT INTO mail_outbox (to_address, kind, locale, subject, body_text) VALUES ($1, $2, $3, $4, $5)`, [
          m.to,
          m.kind,
          m.locale,
          m.subject,
          m.text,
        ]),
      );
    },
    async sendWithin(tx, m, outboxId) {
      await tx.query(
        `INSERT INTO mail_outbox (to_address, kind, locale, subject, body_text, outbox_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (outbox_id) DO NOTHING`,
        [m.to, m.kind, m.locale, m.subject, m.text, outboxId],
      );
    },
    close: async () => undefined,
  };
}

export async function readOutbox(db: DbHandle, opts: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 200);
  const rows = await db.withSession((s) =>
    s.query<{ id: number | string; to_address: string; kind: string; locale: string; subject: string; body_text: string; created_at: Date }>(
      opts.to ? `SELECT * FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT ${limit}` : `SELECT * FROM mail_outbox ORDER BY id DESC LIMIT ${limit}`,
      opts.to ? [opts.to.trim().toLowerCase()] : [],
    ),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    kind: r.kind as OutboxEntry['kind'],
    locale: r.locale as OutboxEntry['locale'],
    subject: r.subject,
    text: r.body_text,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The code a reset or confirmation mail carries (the first run of 6–8 digits). */
export function codeIn(text: string): string | null {
  return /\b(\d{6,8})\b/.exec(text)?.[1] ?? null;
}
