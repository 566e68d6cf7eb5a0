// Turning two-factor authentication on (issue 24), one state machine:
//   idle → starting (setup call, behind step-up) → scan (QR code of the otpauth URI + the secret as text, a code field)
//        → enabling (enable call) → codes (the recovery codes, shown once: copy, download, "I saved them") → done
// A wrong code keeps the scan step with a field error; closing before the codes forgets the secret (nothing is on yet);
// the codes step can only be left once the customer says they are saved, and then they are forgotten.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { isApiError } from 'shared-contracts';
import { isStepUpCancelled, type StepUpStore } from '../../stepUp/StepUpStore';

export type TwoFactorEnrolState = 'idle' | 'starting' | 'scan' | 'enabling' | 'codes' | 'done';

export type TwoFactorErrorKey = 'twofa_error_code_format' | 'twofa_error_code' | 'stepup_error_too_many' | 'main_error';

/** An authenticator code: 6 digits (spaces typed between groups are dropped). */
const TOTP_CODE = /^\d{6}$/;

interface TwoFactorEnrolApi {
  twoFactorSetup(args: { body: Record<string, never> }): Promise<{ secret: string; otpauthUri: string }>;
  twoFactorEnable(args: { body: { code: string } }): Promise<{ recoveryCodes: string[] }>;
}

export interface TwoFactorEnrolDeps {
  api: TwoFactorEnrolApi;
  stepUp: Pick<StepUpStore, 'run'>;
  /** two-factor is now on */
  onEnabled(): void;
}

export function twoFactorErrorOf(error: unknown): TwoFactorErrorKey {
  if (!isApiError(error)) return 'main_error';
  if (error.code === 'ERR_INVALID_TWO_FACTOR_CODE') return 'twofa_error_code';
  if (error.code === 'ERR_TOO_MANY_REQUESTS') return 'stepup_error_too_many';
  if (error.code === 'ERR_VALIDATION' && error.fields?.code) return 'twofa_error_code';
  return 'main_error';
}

export class TwoFactorEnrolStore {
  state: TwoFactorEnrolState = 'idle';
  setup: { secret: string; otpauthUri: string } | null = null;
  code = '';
  codeError: TwoFactorErrorKey | null = null;
  /** a failure of the setup call, shown beside the "turn on" button */
  error: TwoFactorErrorKey | null = null;
  recoveryCodes: string[] = [];
  saved = false;

  constructor(private readonly deps: TwoFactorEnrolDeps) {
    makeObservable(this, {
      state: observable,
      setup: observableRef,
      code: observable,
      codeError: observable,
      error: observable,
      recoveryCodes: observableRef,
      saved: observable,
      start: action,
      setCode: action,
      enable: action,
      setSaved: action,
      finish: action,
      cancel: action,
    });
  }

  /** The dialog shows from the scan step until the codes are saved. */
  get open(): boolean {
    return this.state === 'scan' || this.state === 'enabling' || this.state === 'codes';
  }

  /** The recovery codes as a text file's content (one a line), for the download button. */
  get recoveryCodesText(): string {
    return `${this.recoveryCodes.join('\n')}\n`;
  }

  async start(): Promise<void> {
    if (this.state !== 'idle' && this.state !== 'done') return;
    this.state = 'starting';
    this.error = null;
    try {
      const setup = await this.deps.stepUp.run(() => this.deps.api.twoFactorSetup({ body: {} }));
      runInAction(() => {
        this.setup = setup;
        this.code = '';
        this.codeError = null;
        this.state = 'scan';
      });
    } catch (error) {
      if (!isStepUpCancelled(error)) console.warn('two-factor setup failed', error);
      runInAction(() => {
        this.state = 'idle';
        this.error = isStepUpCancelled(error) ? null : twoFactorErrorOf(error);
      });
    }
  }

  setCode(value: string): void {
    this.code = value.replace(/\s+/g, '');
    this.codeError = null;
  }

  async enable(): Promise<void> {
    if (this.state !== 'scan') return;
    if (!TOTP_CODE.test(this.code)) {
      this.codeError = 'twofa_error_code_format';
      return;
    }
    this.state = 'enabling';
    const code = this.code;
    try {
      const { recoveryCodes } = await this.deps.stepUp.run(() => this.deps.api.twoFactorEnable({ body: { code } }));
      runInAction(() => {
        this.recoveryCodes = recoveryCodes;
        this.saved = false;
        this.setup = null;
        this.code = '';
        this.state = 'codes';
      });
      this.deps.onEnabled();
    } catch (error) {
      if (!isStepUpCancelled(error)) console.warn('two-factor enable refused', error);
      runInAction(() => {
        this.state = 'scan';
        if (!isStepUpCancelled(error)) this.codeError = twoFactorErrorOf(error);
      });
    }
  }

  setSaved(saved: boolean): void {
    this.saved = saved;
  }

  /** "Done" on the codes step: only once the customer says the codes are saved; they are forgotten then. */
  finish(): boolean {
    if (this.state !== 'codes' || !this.saved) return false;
    this.recoveryCodes = [];
    this.saved = false;
    this.state = 'done';
    return true;
  }

  /** Closing the dialog: before the codes, nothing was turned on; on the codes step it waits for "I saved them". */
  cancel(): void {
    if (this.state === 'codes') return;
    if (this.state === 'enabling') return;
    this.setup = null;
    this.code = '';
    this.codeError = null;
    this.state = 'idle';
  }
}
