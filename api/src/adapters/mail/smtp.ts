// Real mailer: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
import nodemailer from 'nodemailer';
import type { Mailer } from './types';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    sandbox: false,
    slow: true,
    async send(m, opts) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(opts?.messageId ? { messageId: opts.messageId } : {}) });
    },
    close: async () => transport.close(),
  };
}
