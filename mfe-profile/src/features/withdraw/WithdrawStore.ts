// The withdrawal form (§2 /profile/withdraw): USDT on TRC20 only. §5: the amount is cleaned as typed, the address must
// be 34 characters starting with T (else error_address_incorrect and nothing is sent), and nothing is sent for a
// visitor who is not signed in. One Idempotency-Key per submission, reused when the same submission is retried after
// an answer that left its fate unknown (network, timeout, 5xx), so a retry never pays twice. §8 error texts.
// Issue 24: a withdrawal needs a recent sign-in (step-up asks for the password again and retries with the same key;
// closing it leaves the form as it was), and a confirmed email (a refusal for it tells the page, which says why).
// Issue 25: the minimum and the available balance are checked here before anything is sent (the server checks again),
// "withdraw all" fills in the balance, and a checked form opens a confirmation (amount, fee, what arrives, address)
// before the withdrawal is sent.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  type ApiClient,
  type AffiliateProgram,
  isApiError,
  WITHDRAWAL_ADDRESS_LENGTH,
  WITHDRAWAL_CURRENCY,
  type WithdrawalPayload,
  type WithdrawalRecord,
} from 'shared-contracts';
import { isLess } from '../../lib/decimal';
import { cleanNumericInput, isPositiveAmount, limitDecimals, toMoney } from 'remote-kit/format';
import { USDT_DECIMALS } from '../../lib/locale';
import { isStepUpCancelled, type StepUpStore } from '../../stepUp/StepUpStore';

export const WITHDRAWAL_NETWORK = 'TRC20';

/** §5 withdrawal address: 34 characters starting with T (the all-ones test address is one of them). */
export function isWithdrawalAddress(address: string): boolean {
  return address.length === WITHDRAWAL_ADDRESS_LENGTH && address.startsWith('T');
}

type WithdrawErrorKey =
  | 'main_error'
  | 'error_address_incorrect'
  | 'withdraw_error_amount'
  | 'withdraw_error_too_small'
  | 'withdraw_error_balance_too_low'
  | 'withdraw_error_balance_not_found'
  | 'withdraw_error_network'
  | 'withdraw_error_too_many'
  | 'withdraw_error_failed';

export interface WithdrawError {
  key: WithdrawErrorKey;
  /** the field it belongs to; none: the form's message */
  field?: 'amount' | 'address';
  /** ERR_WITHDRAWAL_TOO_SMALL: the minimum read from the message */
  amount?: string;
}

/** §8: the first number in an ERR_WITHDRAWAL_TOO_SMALL message is the minimum ("Minimum withdrawal is 10 USDT"). */
export function firstNumber(message: string): string | undefined {
  return /\d+(?:[.,]\d+)?/.exec(message)?.[0].replace(',', '.');
}

/** What a refused withdrawal says (§8). */
export function withdrawErrorOf(error: unknown): WithdrawError {
  if (!isApiError(error)) return { key: 'main_error' };
  switch (error.code) {
    case 'ERR_WITHDRAWAL_TOO_SMALL': {
      const amount = firstNumber(error.message);
      return amount ? { key: 'withdraw_error_too_small', field: 'amount', amount } : { key: 'main_error' };
    }
    case 'ERR_BALANCE_TOO_LOW':
      return { key: 'withdraw_error_balance_too_low', field: 'amount' };
    case 'ERR_BALANCE_NOT_FOUND':
      return { key: 'withdraw_error_balance_not_found' };
    case 'ERR_NETWORK_NOT_SUPPORTED':
      return { key: 'withdraw_error_network' };
    case 'ERR_TOO_MANY_REQUESTS':
      return { key: 'withdraw_error_too_many' };
    case 'ERR_VALIDATION':
      // the server's own address check (base58check) names the address
      if (error.fields?.address || /address/i.test(error.message)) return { key: 'error_address_incorrect', field: 'address' };
      return { key: 'main_error' };
    default:
      return { key: 'main_error' };
  }
}

/** An answer after which it is unknown whether the withdrawal was taken: the same submission keeps its key. */
function fateUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  const s = error.statusCode;
  return s === 0 || s === 408 || s === 409 || s === 425 || s === 429 || s >= 500;
}

export interface WithdrawDeps {
  api: Pick<ApiClient, 'affiliateWithdraw' | 'affiliateProgram'>;
  isAuthorised(): boolean;
  newIdempotencyKey(): string;
  /** after a withdrawal was taken (or may have been): §7 reload balances and the withdrawal history */
  reloadWallet(): void;
  stepUp: Pick<StepUpStore, 'run'>;
  /** the api answered ERR_EMAIL_NOT_CONFIRMED: the account's status is read again */
  emailNotConfirmed(): void;
  /** the withdrawable USDT balance once the wallet has loaded (undefined: unknown, only the server checks it) */
  available?(): string | undefined;
}

/** What the confirmation step shows: the payout is the amount itself (withdrawals carry no fee: the platform pays the network). */
export interface WithdrawalReview {
  amount: string;
  fee: string;
  receives: string;
  address: string;
}

/** Withdrawals are paid out in full: the TRC20 network fee is not taken from the amount. */
const WITHDRAWAL_FEE = '0';

export class WithdrawStore {
  amount = '';
  address = '';
  error: WithdrawError | null = null;
  submitting = false;
  /** the withdrawal just taken: the success modal (§2) shows while it is set */
  success: WithdrawalRecord | null = null;
  terms: AffiliateProgram | null = null;
  /** the checked withdrawal waiting for the customer's confirmation; null: the form is being filled in */
  review: WithdrawalReview | null = null;
  private idempotency: { fingerprint: string; key: string } | null = null;

  constructor(private readonly deps: WithdrawDeps) {
    makeObservable(this, {
      amount: observable,
      address: observable,
      error: observableRef,
      submitting: observable,
      success: observableRef,
      terms: observableRef,
      review: observableRef,
      setAmount: action,
      setAddress: action,
      withdrawAll: action,
      closeSuccess: action,
      requestReview: action,
      cancelReview: action,
      confirm: action,
      submit: action,
    });
  }

  /** The programme's terms, for the minimum shown under the amount (the form works without them). */
  async loadTerms(): Promise<void> {
    try {
      const terms = await this.deps.api.affiliateProgram();
      runInAction(() => (this.terms = terms));
    } catch (error) {
      console.warn('withdrawal terms failed to load', error);
    }
  }

  setAmount(raw: string): void {
    this.amount = limitDecimals(cleanNumericInput(raw), USDT_DECIMALS);
    if (this.error?.field !== 'address') this.error = null;
  }

  setAddress(raw: string): void {
    this.address = raw;
    if (this.error?.field !== 'amount') this.error = null;
  }

  /** The whole withdrawable balance in the amount field. */
  withdrawAll(): void {
    const available = this.deps.available?.();
    if (available === undefined) return;
    this.setAmount(available);
  }

  closeSuccess(): void {
    this.success = null;
  }

  /** The browser's checks (§5 amount and address; the programme's minimum and the balance when known), or null. */
  private check(): WithdrawError | null {
    if (!isPositiveAmount(this.amount)) return { key: 'withdraw_error_amount', field: 'amount' };
    if (!isWithdrawalAddress(this.address.trim())) return { key: 'error_address_incorrect', field: 'address' };
    const amount = toMoney(this.amount);
    const min = this.terms?.withdrawalMin;
    if (min && isLess(amount, min)) return { key: 'withdraw_error_too_small', field: 'amount', amount: min };
    const available = this.deps.available?.();
    if (available !== undefined && isLess(available, amount)) return { key: 'withdraw_error_balance_too_low', field: 'amount' };
    return null;
  }

  /** The form's submit: a checked withdrawal opens the confirmation step; nothing is sent yet. */
  requestReview(): void {
    if (this.submitting || !this.deps.isAuthorised()) return;
    const error = this.check();
    this.error = error;
    if (error) return;
    const amount = toMoney(this.amount);
    this.review = { amount, fee: WITHDRAWAL_FEE, receives: amount, address: this.address.trim() };
  }

  cancelReview(): void {
    this.review = null;
  }

  /** The customer confirmed what the review showed: it is sent. */
  async confirm(): Promise<void> {
    if (!this.review) return;
    this.review = null;
    await this.submit();
  }

  async submit(): Promise<void> {
    if (this.submitting || !this.deps.isAuthorised()) return;
    const address = this.address.trim();
    const refused = this.check();
    if (refused) {
      this.error = refused;
      return;
    }
    const body: WithdrawalPayload = { currencyTitle: WITHDRAWAL_CURRENCY, networkTitle: WITHDRAWAL_NETWORK, address, amount: toMoney(this.amount) };
    const fingerprint = JSON.stringify(body);
    if (this.idempotency?.fingerprint !== fingerprint) this.idempotency = { fingerprint, key: this.deps.newIdempotencyKey() };
    const key = this.idempotency.key;
    this.error = null;
    this.submitting = true;
    try {
      const record = await this.deps.stepUp.run(() => this.deps.api.affiliateWithdraw({ body, headers: { 'Idempotency-Key': key } }));
      if (record.status === 'FAILED') {
        // A replay of a key whose withdrawal has since failed (its amount is back in the balance): not a success. The
        // form keeps what was typed, and the next submission is a new withdrawal with a new key.
        runInAction(() => {
          this.submitting = false;
          this.error = { key: 'withdraw_error_failed' };
          this.idempotency = null;
        });
        this.deps.reloadWallet();
        return;
      }
      runInAction(() => {
        this.submitting = false;
        this.success = record;
        this.amount = '';
        this.address = '';
        this.idempotency = null;
      });
      this.deps.reloadWallet();
    } catch (error) {
      if (isStepUpCancelled(error)) {
        // nothing was sent after the refusal: the form stays as it was, with no error
        runInAction(() => (this.submitting = false));
        return;
      }
      console.warn('withdrawal refused', error);
      if (isApiError(error) && error.code === 'ERR_EMAIL_NOT_CONFIRMED') {
        runInAction(() => (this.submitting = false));
        this.deps.emailNotConfirmed();
        return;
      }
      runInAction(() => {
        this.submitting = false;
        this.error = withdrawErrorOf(error);
        if (!fateUnknown(error)) this.idempotency = null;
      });
      if (fateUnknown(error)) this.deps.reloadWallet();
    }
  }
}
