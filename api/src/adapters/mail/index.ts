import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';

export type { Mailer } from './types';
export { codeMessage, pickLocale } from './templates';
export { orderLinkMessage, supportAcknowledgementMessage } from './supportTemplates';
export { readOutbox, codeIn } from './outbox';

export function createMailer(config: Pick<Config, 'auth'>, db: DbHandle): Mailer {
  return config.auth.smtpUrl ? createSmtpMailer(config.auth.smtpUrl, config.auth.mailFrom) : createOutboxMailer(db);
}
