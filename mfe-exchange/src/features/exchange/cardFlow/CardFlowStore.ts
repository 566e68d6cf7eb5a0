// The card-purchase flow (spec §4 "Card flow", §6, §7 card provider, §8 error_kyc_flow, §9 provider polling): what a
// submit with a fiat sender does before (and around) the order create. One state machine:
//   idle ─ guest ─────────────────────────────► register dialog (saying why, with the typed email), idle
//   idle ─ amount < noKycThreshold ───────────► creating ─► idle
//   idle ─ otherwise ─► signingUp (sign-up, sign-in) ─► email (while contacts says UNCONFIRMED) ─► checkingKyc
//        ─► kyc (incomplete: the KYC redirect modal, kyc-status polled) ─► creating ─► idle
//   creating ─ failure "KYC verification is needed" ─► signingUp … ─► creating (once)
//   any step ─ flow error ─► idle + error_kyc_flow;   the user closes the modal ─► idle (cancelled, polling stops)
// Only the browser runs it, on submit: the constructor starts nothing.
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { ExactDecimal } from 'remote-kit/format';
import { PROVIDER_POLL, RETRY_STATUS_CODES, isApiError, type ApiClient, type RegisterDialogOptions } from 'shared-contracts';

export type CardFlowStep = 'idle' | 'signingUp' | 'email' | 'checkingKyc' | 'kyc' | 'creating';
/** Which dialog the flow shows: the card-flow dialog (its steps), the KYC redirect modal (§2, type kyc), or none. */
export type CardFlowModal = 'card' | 'kyc' | null;

type CardFlowApi = Pick<ApiClient, 'providerSignUp' | 'providerSignIn' | 'providerContacts' | 'providerKycStatus' | 'providerKycAccessToken' | 'confirmEmail'>;

export interface CardFlowDeps {
  api: CardFlowApi;
  session: { readonly isAuthorised: boolean; readonly account: { email: string } | null; openRegisterDialog(options?: RegisterDialogOptions): void };
  /** The {provider} path segment of the §7 calls: the card pair's liquidityProviderPublicCode (§3 pair data). */
  provider(): string;
  /** The site locale: the provider's mails are in it. */
  locale(): string;
  /** §8: shows error_kyc_flow through the host's notification bus. */
  notifyFlowError(): void;
  sleep?(ms: number): Promise<void>;
  poll?: { intervalMs: number; maxAttempts: number };
}

export interface CardPurchase<T> {
  /** The order's send amount and the pair's noKycThreshold, both in the send currency. */
  amount: string;
  noKycThreshold: string;
  /** The email the visitor typed in the form, if any: the register dialog a guest gets starts with it. */
  email?: string;
  /**
   * Creates the order. `afterFlow`: the provider steps ran first (minutes may have passed: the quote is old).
   * A failure is the caller's to show, except "KYC verification is needed", which starts the KYC flow.
   */
  create(afterFlow: boolean): Promise<T>;
}

export type CardFlowResult<T> =
  | { kind: 'created'; order: T }
  /** a guest: the register dialog was opened */
  | { kind: 'register' }
  /** a flow error: error_kyc_flow was shown */
  | { kind: 'failed' }
  /** the user closed the modal */
  | { kind: 'cancelled' };

/** §8 KYC flow error: shown as error_kyc_flow; `cause` is only logged. */
class FlowError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}
class FlowCancelled extends Error {}

/** One run of the flow: cancelled when the user closes the modal; its wait ends early when a code was confirmed. */
class FlowRun {
  cancelled = false;
  token: string | null = null;
  private wake: (() => void) | null = null;

  /** `sleep`: injected (tests); else a timer that a cancel clears. */
  constructor(private readonly sleep?: (ms: number) => Promise<void>) {}

  async wait(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      if (this.sleep) void this.sleep(ms).then(resolve);
      else timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.wake = null;
    this.check();
  }
  wakeUp(): void {
    this.wake?.();
  }
  cancel(): void {
    this.cancelled = true;
    this.wakeUp();
  }
  check(): void {
    if (this.cancelled) throw new FlowCancelled();
  }
}

/** §4: a create failure whose message says KYC verification is needed starts the KYC flow. */
function isKycNeeded(error: unknown): boolean {
  return error instanceof Error && error.message.includes('KYC verification is needed');
}

/** §4 "an already-registered message is tolerated" (the catalogue's code, or the message). */
function isAlreadyRegistered(error: unknown): boolean {
  return isApiError(error) && (error.code === 'ERR_USER_ALREADY_REGISTERED' || /already registered/i.test(error.message));
}

/** A polled call that may succeed next time (network, timeout, the §7 retry statuses): polling goes on. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 0 || (RETRY_STATUS_CODES as readonly number[]).includes(error.statusCode));
}

export class CardFlowStore {
  step: CardFlowStep = 'idle';
  /** The account email the provider mails the confirmation code to. */
  email = '';
  /** The KYC redirect modal's link: the provider's KYC page (opened in a new tab). */
  kycUrl: string | null = null;
  code = '';
  /** A text key: the code was empty or not accepted. */
  codeError: string | null = null;
  isSubmittingCode = false;

  private run: FlowRun | null = null;

  constructor(private readonly deps: CardFlowDeps) {
    makeObservable<CardFlowStore, 'setStep'>(this, {
      step: observable,
      email: observable,
      kycUrl: observable,
      code: observable,
      codeError: observable,
      isSubmittingCode: observable,
      modal: computed,
      setCode: action,
      submitCode: action,
      close: action,
      setStep: action,
    });
  }

  get modal(): CardFlowModal {
    if (this.step === 'kyc') return 'kyc';
    return this.step === 'signingUp' || this.step === 'email' || this.step === 'checkingKyc' ? 'card' : null;
  }

  private get poll() {
    return this.deps.poll ?? PROVIDER_POLL;
  }

  /**
   * §4 "if not signed in, the register dialog opens": false (and the dialog opened) for a guest. The dialog says that
   * a card purchase needs an account (issue 25) and starts with `email`, the one the visitor already typed, if any.
   */
  ensureSignedIn(email?: string): boolean {
    if (this.deps.session.isAuthorised) return true;
    const typed = email?.trim();
    this.deps.session.openRegisterDialog({ reason: 'card-purchase', ...(typed ? { email: typed } : {}) });
    return false;
  }

  /** §4 card flow for one submit. A create failure other than "KYC verification is needed" rejects (the caller shows it). */
  async purchase<T>(purchase: CardPurchase<T>): Promise<CardFlowResult<T>> {
    if (this.run) return { kind: 'cancelled' };
    if (!this.ensureSignedIn(purchase.email)) return { kind: 'register' };
    const run = new FlowRun(this.deps.sleep);
    this.run = run;
    try {
      let verified = false;
      if (!ExactDecimal.from(purchase.amount).lt(purchase.noKycThreshold)) {
        await this.verify(run);
        verified = true;
      }
      this.setStep('creating');
      try {
        return { kind: 'created', order: await purchase.create(verified) };
      } catch (error) {
        if (!isKycNeeded(error)) throw error;
        if (verified) throw new FlowError('the order still needs KYC after the provider said it is complete', error);
      }
      await this.verify(run);
      this.setStep('creating');
      try {
        return { kind: 'created', order: await purchase.create(true) };
      } catch (error) {
        if (isKycNeeded(error)) throw new FlowError('the order still needs KYC after the provider said it is complete', error);
        throw error;
      }
    } catch (error) {
      if (error instanceof FlowCancelled || run.cancelled) return { kind: 'cancelled' };
      if (error instanceof FlowError) {
        console.warn('[mfe-exchange] card flow failed:', error.message, error.cause);
        this.deps.notifyFlowError();
        return { kind: 'failed' };
      }
      throw error;
    } finally {
      if (this.run === run) {
        this.run = null;
        this.reset();
      }
    }
  }

  /** Provider sign-up and sign-in, the confirmed email, then KYC complete (after the KYC redirect modal if need be). */
  private async verify(run: FlowRun): Promise<void> {
    const email = this.deps.session.account?.email;
    if (!email) throw new FlowError('the card flow needs an account email (§6)');
    runInAction(() => (this.email = email));
    this.setStep('signingUp');
    await this.call(run, 'sign-up', async () => {
      try {
        await this.deps.api.providerSignUp({ params: this.params, query: this.query, body: { accept: true, email } });
      } catch (error) {
        if (!isAlreadyRegistered(error)) throw error;
      }
    });
    const { token } = await this.call(run, 'sign-in', () => this.deps.api.providerSignIn({ params: this.params, query: this.query, body: { email } }));
    run.token = token;

    await this.pollUntil(run, 'email confirmation', 'now', async () => {
      const contacts = await this.deps.api.providerContacts({ params: this.params, query: this.query, headers: this.auth(run) });
      if (contacts.emailStatus === 'CONFIRMED') return true;
      this.setStep('email');
      return false;
    });

    this.setStep('checkingKyc');
    if (await this.call(run, 'kyc-status', () => this.kycComplete(run))) return;
    const access = await this.call(run, 'kyc access-token', () =>
      this.deps.api.providerKycAccessToken({ params: this.params, query: this.query, headers: this.auth(run) }),
    );
    runInAction(() => (this.kycUrl = access.kycUrl));
    this.setStep('kyc');
    await this.pollUntil(run, 'KYC', 'wait', () => this.kycComplete(run));
  }

  /** §4: complete when every feature is COMPLETED; any REJECTED is a flow error. */
  private async kycComplete(run: FlowRun): Promise<boolean> {
    const { features } = await this.deps.api.providerKycStatus({ params: this.params, query: this.query, headers: this.auth(run) });
    if (features.some((f) => f.status === 'REJECTED')) throw new FlowError('KYC rejected by the provider');
    return features.every((f) => f.status === 'COMPLETED');
  }

  /** One provider call: its failure is a flow error. */
  private async call<R>(run: FlowRun, what: string, fn: () => Promise<R>): Promise<R> {
    let result: R;
    try {
      result = await fn();
    } catch (error) {
      run.check();
      if (error instanceof FlowError) throw error;
      throw new FlowError(`provider ${what} failed`, error);
    }
    run.check();
    return result;
  }

  /**
   * §9 provider polling: `check` every intervalMs, at most maxAttempts times (the first at once or after one interval);
   * a transient failure counts as a "not yet", any other is a flow error; giving up is one too (§8).
   */
  private async pollUntil(run: FlowRun, what: string, first: 'now' | 'wait', check: () => Promise<boolean>): Promise<void> {
    const { intervalMs, maxAttempts } = this.poll;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1 || first === 'wait') await run.wait(intervalMs);
      let done = false;
      try {
        done = await check();
      } catch (error) {
        run.check();
        if (error instanceof FlowError || !isTransient(error)) throw error instanceof FlowError ? error : new FlowError(`${what} check failed`, error);
        console.warn(`[mfe-exchange] card flow: ${what} check failed, polling on`, error);
      }
      run.check();
      if (done) return;
    }
    throw new FlowError(`gave up waiting for ${what} after ${maxAttempts} attempts`);
  }

  setCode(value: string): void {
    this.code = value;
    this.codeError = null;
  }

  /** The email step's code: confirms the account email with the site, then contacts is checked at once. */
  async submitCode(): Promise<void> {
    const run = this.run;
    if (!run || this.step !== 'email' || this.isSubmittingCode) return;
    const code = this.code.trim();
    if (!code) {
      this.codeError = 'card_flow_code_empty';
      return;
    }
    this.isSubmittingCode = true;
    this.codeError = null;
    try {
      await this.deps.api.confirmEmail({ body: { email: this.email, code } });
      runInAction(() => (this.code = ''));
      run.wakeUp();
    } catch (error) {
      console.warn('[mfe-exchange] email code not accepted', error);
      if (this.run === run) runInAction(() => (this.codeError = 'card_flow_code_wrong'));
    } finally {
      runInAction(() => (this.isSubmittingCode = false));
    }
  }

  /** The user closed the modal: the flow stops (no more polling) and no order is created. */
  close(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    run.cancel();
    this.reset();
  }

  /** The page is gone. */
  dispose(): void {
    this.close();
  }

  private setStep(step: CardFlowStep): void {
    this.step = step;
  }

  private reset(): void {
    runInAction(() => {
      this.step = 'idle';
      this.kycUrl = null;
      this.code = '';
      this.codeError = null;
    });
  }

  private get params() {
    return { provider: this.deps.provider() };
  }
  private get query() {
    return { locale: this.deps.locale() };
  }
  private auth(run: FlowRun): Record<string, string> {
    return { Authorization: `Bearer ${run.token ?? ''}` };
  }
}
