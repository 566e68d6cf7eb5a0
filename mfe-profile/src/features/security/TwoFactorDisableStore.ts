// Turning two-factor authentication off (issue 24): it needs a current authenticator code or an unused recovery code.
//   idle → asking (code field) → submitting → idle (off; onDisabled), or back to asking with a field error.
import { action, makeObservable, observable, runInAction } from 'mobx';
import { isStepUpCancelled, type StepUpStore } from '../../stepUp/StepUpStore';
import { type TwoFactorErrorKey, twoFactorErrorOf } from './TwoFactorEnrolStore';

export type TwoFactorDisableState = 'idle' | 'asking' | 'submitting';

export interface TwoFactorDisableDeps {
  api: { twoFactorDisable(args: { body: { code: string } }): Promise<unknown> };
  stepUp: Pick<StepUpStore, 'run'>;
  onDisabled(): void;
}

export type TwoFactorDisableErrorKey = TwoFactorErrorKey | 'twofa_error_code_required';

export class TwoFactorDisableStore {
  state: TwoFactorDisableState = 'idle';
  code = '';
  codeError: TwoFactorDisableErrorKey | null = null;

  constructor(private readonly deps: TwoFactorDisableDeps) {
    makeObservable(this, {
      state: observable,
      code: observable,
      codeError: observable,
      open: action,
      setCode: action,
      cancel: action,
      submit: action,
    });
  }

  open(): void {
    if (this.state !== 'idle') return;
    this.code = '';
    this.codeError = null;
    this.state = 'asking';
  }

  setCode(value: string): void {
    this.code = value.replace(/\s+/g, '');
    this.codeError = null;
  }

  cancel(): void {
    if (this.state === 'submitting') return;
    this.code = '';
    this.codeError = null;
    this.state = 'idle';
  }

  async submit(): Promise<void> {
    if (this.state !== 'asking') return;
    if (!this.code) {
      this.codeError = 'twofa_error_code_required';
      return;
    }
    this.state = 'submitting';
    const code = this.code;
    try {
      await this.deps.stepUp.run(() => this.deps.api.twoFactorDisable({ body: { code } }));
    } catch (error) {
      if (!isStepUpCancelled(error)) console.warn('two-factor disable refused', error);
      runInAction(() => {
        this.state = 'asking';
        if (!isStepUpCancelled(error)) this.codeError = twoFactorErrorOf(error);
      });
      return;
    }
    runInAction(() => {
      this.code = '';
      this.state = 'idle';
    });
    this.deps.onDisabled();
  }
}
