// Step-up (issue 24): a call that needs a recent sign-in (withdrawals, key creation and resume, two-factor setup) and
// answers ERR_STEP_UP_REQUIRED asks for the password again (and the authenticator code when two-factor is on), proves
// it with the stepUp call, then runs once more. Cancelling leaves the caller's form as it was: `run` rejects with
// StepUpCancelled, which the caller treats as "nothing happened". One store per page; the dialog only renders it.
import { action, makeObservable, observable, runInAction } from 'mobx';
import { isApiError } from 'shared-contracts';

export type StepUpState = 'idle' | 'asking' | 'submitting';

export type StepUpErrorKey =
  | 'stepup_error_password_required'
  | 'stepup_error_password'
  | 'stepup_error_code_required'
  | 'stepup_error_code'
  | 'stepup_error_too_many'
  | 'main_error';

/** The caller's call was not retried because the customer closed the step-up dialog. */
export class StepUpCancelled extends Error {
  constructor() {
    super('step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

export function isStepUpCancelled(error: unknown): error is StepUpCancelled {
  return error instanceof StepUpCancelled;
}

/** ERR_STEP_UP_REQUIRED: the session's last sign-in or step-up is older than the api's window. */
function isStepUpRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'ERR_STEP_UP_REQUIRED';
}

interface StepUpApi {
  stepUp(args: { body: { password: string; twoFactorCode?: string } }): Promise<{ stepUpUntil: string }>;
}

export interface StepUpDeps {
  api: StepUpApi;
  /** Whether the account has two-factor on (the code field is then asked for at once). */
  twoFactorEnabled(): boolean;
}

export class StepUpStore {
  state: StepUpState = 'idle';
  password = '';
  code = '';
  /** the code field shows: two-factor is on (the account says so, or the api asked for it) */
  needsCode = false;
  passwordError: StepUpErrorKey | null = null;
  codeError: StepUpErrorKey | null = null;
  formError: StepUpErrorKey | null = null;
  private waiting: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null = null;

  constructor(private readonly deps: StepUpDeps) {
    makeObservable(this, {
      state: observable,
      password: observable,
      code: observable,
      needsCode: observable,
      passwordError: observable,
      codeError: observable,
      formError: observable,
      setPassword: action,
      setCode: action,
      cancel: action,
      submit: action,
    });
  }

  get open(): boolean {
    return this.state !== 'idle';
  }

  /**
   * Runs `call`; when it answers ERR_STEP_UP_REQUIRED, asks for the credentials and runs it once more. Rejects with
   * StepUpCancelled when the customer closes the dialog, and with the call's own error otherwise.
   */
  async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      const details = isApiError(error) ? error.details : undefined;
      await this.ask(details?.twoFactorRequired === true);
    }
    return call();
  }

  setPassword(value: string): void {
    this.password = value;
    this.passwordError = null;
    this.formError = null;
  }

  setCode(value: string): void {
    this.code = value.replace(/\s+/g, '');
    this.codeError = null;
    this.formError = null;
  }

  /** The dialog is closed: the waiting call is not retried. */
  cancel(): void {
    const waiting = this.waiting;
    this.reset();
    waiting?.reject(new StepUpCancelled());
  }

  async submit(): Promise<void> {
    if (this.state !== 'asking') return;
    this.passwordError = this.password ? null : 'stepup_error_password_required';
    this.codeError = this.needsCode && !this.code ? 'stepup_error_code_required' : null;
    this.formError = null;
    if (this.passwordError || this.codeError) return;
    this.state = 'submitting';
    try {
      await this.deps.api.stepUp({ body: { password: this.password, ...(this.needsCode ? { twoFactorCode: this.code } : {}) } });
    } catch (error) {
      runInAction(() => {
        this.state = 'asking';
        this.showError(error);
      });
      return;
    }
    const waiting = this.waiting;
    runInAction(() => this.reset());
    waiting?.resolve();
  }

  private ask(twoFactorRequired: boolean): Promise<void> {
    // Two calls that need it at the same time share one dialog.
    if (this.waiting) return this.waiting.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.waiting = { promise, resolve, reject };
    runInAction(() => {
      this.state = 'asking';
      this.needsCode = twoFactorRequired || this.deps.twoFactorEnabled();
    });
    return promise;
  }

  private showError(error: unknown): void {
    if (!isApiError(error)) {
      this.formError = 'main_error';
      return;
    }
    switch (error.code) {
      case 'ERR_INVALID_CREDENTIALS':
        this.passwordError = 'stepup_error_password';
        return;
      case 'ERR_TWO_FACTOR_REQUIRED':
        this.needsCode = true;
        this.codeError = 'stepup_error_code_required';
        return;
      case 'ERR_INVALID_TWO_FACTOR_CODE':
        this.codeError = 'stepup_error_code';
        return;
      case 'ERR_TOO_MANY_REQUESTS':
        this.formError = 'stepup_error_too_many';
        return;
      default:
        if (error.fields?.password) this.passwordError = 'stepup_error_password';
        else if (error.fields?.twoFactorCode) this.codeError = 'stepup_error_code';
        else this.formError = 'main_error';
    }
  }

  private reset(): void {
    this.waiting = null;
    this.state = 'idle';
    this.password = '';
    this.code = '';
    this.needsCode = false;
    this.passwordError = null;
    this.codeError = null;
    this.formError = null;
  }
}
