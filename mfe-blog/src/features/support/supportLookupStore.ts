// §2 /support order lookup (issue 13): a guest who lost the order link gives the deposit transaction hash; the api
// mails the link to the order's email and answers the same whatever happened, so the page only says "if an order
// matches, its link went to the order's email". Error values are i18n keys.
import { action, makeObservable, observable, runInAction } from 'mobx';
import { ApiError, type ApiClient, type LocaleCode } from 'shared-contracts';

export type LookupState = 'editing' | 'sending' | 'sent';

const TX_HASH_MIN = 8;
export const TX_HASH_MAX = 200;

export class SupportLookupStore {
  txHash = '';
  error: string | null = null;
  state: LookupState = 'editing';

  constructor(private readonly deps: { api: Pick<ApiClient, 'supportOrderLookup'>; locale: LocaleCode }) {
    makeObservable(this, { txHash: observable, error: observable, state: observable, set: action, submit: action, reset: action });
  }

  set(value: string): void {
    this.txHash = value;
    this.error = null;
  }

  async submit(): Promise<void> {
    if (this.state === 'sending') return;
    const txHash = this.txHash.trim();
    if (txHash.length < TX_HASH_MIN || txHash.length > TX_HASH_MAX || /\s/.test(txHash)) {
      this.error = 'support_lookup_error_hash';
      return;
    }
    this.error = null;
    this.state = 'sending';
    try {
      await this.deps.api.supportOrderLookup({ body: { txHash, locale: this.deps.locale } });
      runInAction(() => (this.state = 'sent'));
    } catch (error) {
      runInAction(() => {
        this.state = 'editing';
        this.error = error instanceof ApiError && error.statusCode === 429 ? 'support_error_too_many' : 'support_error_failed';
      });
    }
  }

  reset(): void {
    this.txHash = '';
    this.error = null;
    this.state = 'editing';
  }
}
