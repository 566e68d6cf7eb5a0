// Mail adapter (DESIGN "sandbox adapters"): SMTP via nodemailer when SMTP_URL is set, else the outbox table.
export type MailKind =
  | 'password_reset'
  | 'email_confirmation'
  | 'registration_attempt'
  | 'security_notice'
  | 'support_request_received'
  | 'order_link'
  | 'order_completed'
  | 'order_refunded'
  | 'order_action_needed';
export type MailLocale = 'en' | 'ru';

export interface MailMessage {
  to: string;
  kind: MailKind;
  locale: MailLocale;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True for the outbox (shown as sandbox in /health and the footer). */
  readonly sandbox: boolean;
  /**
   * True when sending waits on a remote server: callers that must answer in the same time whether or not
   * they send (password reset) then send in the background.
   */
  readonly slow: boolean;
  /** `messageId`: the SMTP Message-ID (the outbox derives it from its row id, so a resend carries the same one). */
  send(message: MailMessage, opts?: { messageId?: string }): Promise<void>;
  /**
   * The sandbox mailbox is a table of the same database: the outbox writes the mail in the transaction that marks its
   * row delivered (exactly once; `outboxId` is unique in mail_outbox).
   */
  sendWithin?(tx: { query(sql: string, params?: unknown[]): Promise<unknown> }, message: MailMessage, outboxId: number): Promise<void>;
  close(): Promise<void>;
}
