// §2 /support contact form (issue 13): the fields, their checks before sending (the api checks them again: email as
// everywhere, an order id must name an existing order) and the answer, a ticket id acknowledged by mail. The api's
// field errors land on their fields; a 429 or a failure is the form's own error. Error values are i18n keys.
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { ApiError, type ApiClient, type LocaleCode } from 'shared-contracts';

export type ContactField = 'email' | 'subject' | 'orderId' | 'message';
export type ContactState = 'editing' | 'sending' | 'sent';

/** As the api's EmailSchema (shared-contracts schemas.ts). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
/** Order ids are UUIDs, as in the order link (`/order/{id}`). */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const SUBJECT_MAX = 200;

export interface ContactDeps {
  api: Pick<ApiClient, 'supportRequestCreate'>;
  locale: LocaleCode;
}

const SERVER_FIELD_ERROR: Record<ContactField, string> = {
  email: 'support_error_email',
  subject: 'support_error_subject',
  orderId: 'support_error_order_format',
  message: 'support_error_message',
};

const isField = (key: string): key is ContactField => key in SERVER_FIELD_ERROR;

export class SupportContactStore {
  values: Record<ContactField, string> = { email: '', subject: '', orderId: '', message: '' };
  errors: Partial<Record<ContactField, string>> = {};
  formError: string | null = null;
  state: ContactState = 'editing';
  ticketId: string | null = null;

  constructor(
    private readonly deps: ContactDeps,
    prefillEmail = '',
  ) {
    this.values.email = prefillEmail;
    makeObservable(this, {
      values: observable,
      errors: observable,
      formError: observable,
      state: observable,
      ticketId: observable,
      sending: computed,
      set: action,
      submit: action,
      reset: action,
    });
  }

  get sending(): boolean {
    return this.state === 'sending';
  }

  set(field: ContactField, value: string): void {
    this.values[field] = value;
    delete this.errors[field];
    this.formError = null;
  }

  /** The field errors of the current values (empty when they may be sent). */
  check(): Partial<Record<ContactField, string>> {
    const v = this.values;
    const errors: Partial<Record<ContactField, string>> = {};
    if (!EMAIL.test(v.email.trim()) || v.email.trim().length > 254) errors.email = 'support_error_email';
    if (v.subject.trim().length > SUBJECT_MAX) errors.subject = 'support_error_subject';
    if (v.orderId.trim() && !ORDER_ID.test(v.orderId.trim())) errors.orderId = 'support_error_order_format';
    const message = v.message.trim().length;
    if (message < MESSAGE_MIN || message > MESSAGE_MAX) errors.message = 'support_error_message';
    return errors;
  }

  async submit(): Promise<void> {
    if (this.sending) return;
    this.errors = this.check();
    this.formError = null;
    if (Object.keys(this.errors).length > 0) return;
    this.state = 'sending';
    const v = this.values;
    try {
      const { ticketId } = await this.deps.api.supportRequestCreate({
        body: {
          email: v.email.trim(),
          message: v.message.trim(),
          locale: this.deps.locale,
          ...(v.subject.trim() ? { subject: v.subject.trim() } : {}),
          ...(v.orderId.trim() ? { orderId: v.orderId.trim() } : {}),
        },
      });
      runInAction(() => {
        this.ticketId = ticketId;
        this.state = 'sent';
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'editing';
        this.applyError(error);
      });
    }
  }

  /** Another request: the fields but the email are cleared. */
  reset(): void {
    this.values = { email: this.values.email, subject: '', orderId: '', message: '' };
    this.errors = {};
    this.formError = null;
    this.ticketId = null;
    this.state = 'editing';
  }

  private applyError(error: unknown): void {
    if (!(error instanceof ApiError)) {
      this.formError = 'support_error_failed';
      return;
    }
    if (error.statusCode === 429) {
      this.formError = 'support_error_too_many';
      return;
    }
    const fields = Object.keys(error.fields ?? {}).filter(isField);
    if (fields.length === 0) {
      this.formError = 'support_error_failed';
      return;
    }
    for (const field of fields) {
      this.errors[field] = field === 'orderId' && error.code === 'ERR_NOT_FOUND' ? 'support_error_order_unknown' : SERVER_FIELD_ERROR[field];
    }
  }
}
