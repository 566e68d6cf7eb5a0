// Identity verification (§2 /profile/verification, §3 verification data and status, §4, §7, §8, §9): the status, the
// upload steps NONE → RESIDENTIAL → TYPE_ID → PERSONAL_INFO → GET_READY → UPLOADING_DOCS with their checks, the step
// indicator exactly as §4 defines it, and the kyc/submit multipart form. After a successful submission and status
// refresh the upload step resets to NONE. §8: failed submit and status calls are only logged (no notification); the
// page still says a submission did not go through so it can be sent again. Nothing is sent for a guest.
// Issue 25: a chosen file's first bytes are read before it is kept: a text file named .png is refused with its own
// message (the server sniffs the content the same way), so no broken preview shows and nothing doomed is uploaded.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  type ApiClient,
  DEFAULT_IDENTITY_TYPE,
  DEFAULT_VERIFICATION_EXPIRY,
  IDENTITY_TYPES,
  isApiError,
  type UploadStep,
  type VerificationStatus,
} from 'shared-contracts';
import { LoadState } from 'remote-kit/load';
import {
  COUNTRY,
  FORM_STEPS,
  IDENTITY_NUMBER,
  type IdentityType,
  KYC_MIN_AGE_YEARS,
  type KycErrorKey,
  type KycField,
  type KycFileField,
  type KycSubmitErrorKey,
  type KycTextField,
  NAME,
  REFUSAL_OF,
  STEP_OF,
  fileError,
  isCalendarDate,
  isoDay,
  readHead,
  sniffImageType,
  stepIndicator,
} from './kycForm';

export interface KycStatusBody {
  status: VerificationStatus;
  rejectReason: string | null;
}

export interface VerificationDeps {
  api: Pick<ApiClient, 'kycStatus'>;
  /** POST kyc/submit as multipart/form-data; rejects with an ApiError */
  submit(form: FormData): Promise<KycStatusBody>;
  isAuthorised(): boolean;
  now?(): Date;
}

export class VerificationStore {
  /** the status: kept on screen while it reloads, and when a reload fails */
  readonly loadState = new LoadState({ what: 'verification status', keepWhileLoading: true, keepOnError: true });
  status: VerificationStatus = 'NOT_STARTED';
  rejectReason: string | null = null;
  step: UploadStep = 'NONE';

  residenceCountry = '';
  identityType: IdentityType = DEFAULT_IDENTITY_TYPE;
  firstName = '';
  lastName = '';
  issueCountry = '';
  birthDate = '';
  identityNumber = '';
  expireDate = DEFAULT_VERIFICATION_EXPIRY;
  ready = false;
  facePhoto: File | null = null;
  frontPhoto: File | null = null;
  backendPhoto: File | null = null;

  errors: Partial<Record<KycField, KycErrorKey>> = {};
  submitting = false;
  submitError: KycSubmitErrorKey | null = null;

  constructor(private readonly deps: VerificationDeps) {
    makeObservable(this, {
      status: observable,
      rejectReason: observable,
      step: observable,
      residenceCountry: observable,
      identityType: observable,
      firstName: observable,
      lastName: observable,
      issueCountry: observable,
      birthDate: observable,
      identityNumber: observable,
      expireDate: observable,
      ready: observable,
      facePhoto: observableRef,
      frontPhoto: observableRef,
      backendPhoto: observableRef,
      errors: observableRef,
      submitting: observable,
      submitError: observable,
      indicator: computed,
      needsBack: computed,
      canStart: computed,
      setText: action,
      setIdentityType: action,
      setReady: action,
      setFile: action,
      start: action,
      next: action,
      back: action,
      submit: action,
    });
  }

  /** the latest choice per field: a slower check of an earlier file never overrides it */
  private choice: Partial<Record<KycFileField, number>> = {};

  private today(yearsBack = 0): string {
    return isoDay(this.deps.now?.() ?? new Date(), yearsBack);
  }

  /** §4 step indicator. */
  get indicator(): 0 | 1 | 3 {
    return stepIndicator(this.step, this.status);
  }

  /** A passport has no back side. */
  get needsBack(): boolean {
    return this.identityType !== 'passport';
  }

  /** A verification can be started when there is none, or again after a rejection. */
  get canStart(): boolean {
    return this.status === 'NOT_STARTED' || this.status === 'REJECT';
  }

  /** GET kyc/status; §8: a failure is only logged (the page offers a retry). */
  async loadStatus(): Promise<void> {
    if (!this.deps.isAuthorised()) return;
    await this.loadState.load(
      () => this.deps.api.kycStatus(),
      (body) => {
        this.status = body.status;
        this.rejectReason = body.rejectReason;
      },
    );
  }

  setText(field: KycTextField, value: string): void {
    this[field] = value;
    this.clearError(field);
  }

  setIdentityType(value: string): void {
    if (!(IDENTITY_TYPES as readonly string[]).includes(value)) return;
    this.identityType = value as IdentityType;
    if (!this.needsBack) this.backendPhoto = null;
    this.clearError('identityType');
  }

  setReady(value: boolean): void {
    this.ready = value;
    this.clearError('ready');
  }

  /** A chosen file, checked for its type and size, then for its content (its first bytes); a refused one is not kept. */
  async setFile(field: KycFileField, file: File | null): Promise<void> {
    const choice = (this.choice[field] ?? 0) + 1;
    this.choice[field] = choice;
    let error = file ? fileError(file) : null;
    if (file && !error) {
      try {
        if (!sniffImageType(await readHead(file))) error = 'kyc_error_file_content';
      } catch (cause) {
        console.warn('a chosen file could not be read', cause);
        error = 'kyc_error_file_content';
      }
    }
    if (this.choice[field] !== choice) return;
    runInAction(() => {
      this[field] = error ? null : file;
      const errors = { ...this.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      this.errors = errors;
      this.submitError = null;
    });
  }

  private clearError(field: KycField): void {
    if (this.errors[field] === undefined && this.submitError === null) return;
    const errors = { ...this.errors };
    delete errors[field];
    this.errors = errors;
    this.submitError = null;
  }

  start(): void {
    if (this.step !== 'NONE' || !this.canStart || !this.deps.isAuthorised()) return;
    this.errors = {};
    this.submitError = null;
    this.step = 'RESIDENTIAL';
  }

  /** The checks of one step: field → error. */
  validate(step: UploadStep): Partial<Record<KycField, KycErrorKey>> {
    const errors: Partial<Record<KycField, KycErrorKey>> = {};
    switch (step) {
      case 'RESIDENTIAL':
        if (!COUNTRY.test(this.residenceCountry)) errors.residenceCountry = 'kyc_error_required';
        break;
      case 'TYPE_ID':
        if (!(IDENTITY_TYPES as readonly string[]).includes(this.identityType)) errors.identityType = 'kyc_error_required';
        break;
      case 'PERSONAL_INFO': {
        for (const field of ['firstName', 'lastName'] as const) {
          const value = this[field].trim();
          if (!value) errors[field] = 'kyc_error_required';
          else if (value.length > 100 || !NAME.test(value)) errors[field] = 'kyc_error_name';
        }
        if (!COUNTRY.test(this.issueCountry)) errors.issueCountry = 'kyc_error_required';
        const birth = this.birthDate.trim();
        if (!birth) errors.birthDate = 'kyc_error_required';
        else if (!isCalendarDate(birth) || birth < '1900-01-01') errors.birthDate = 'kyc_error_date';
        else if (birth >= this.today()) errors.birthDate = 'kyc_error_birth_future';
        else if (birth > this.today(KYC_MIN_AGE_YEARS)) errors.birthDate = 'kyc_error_adult';
        const number = this.identityNumber.trim();
        if (!number) errors.identityNumber = 'kyc_error_required';
        else if (number.length > 64 || !IDENTITY_NUMBER.test(number)) errors.identityNumber = 'kyc_error_number';
        const expiry = this.expireDate.trim();
        if (!expiry) errors.expireDate = 'kyc_error_required';
        else if (!isCalendarDate(expiry)) errors.expireDate = 'kyc_error_date';
        else if (expiry <= this.today()) errors.expireDate = 'kyc_error_expired';
        break;
      }
      case 'GET_READY':
        if (!this.ready) errors.ready = 'kyc_error_ready';
        break;
      case 'UPLOADING_DOCS':
        for (const field of ['facePhoto', 'frontPhoto', 'backendPhoto'] as const) {
          if (field === 'backendPhoto' && !this.needsBack) continue;
          const file = this[field];
          if (!file) errors[field] = this.errors[field] ?? 'kyc_error_required';
        }
        break;
      default:
        break;
    }
    return errors;
  }

  /** To the next step when this one's checks pass (the last step submits instead). */
  next(): boolean {
    const at = FORM_STEPS.indexOf(this.step);
    if (at < 0 || at === FORM_STEPS.length - 1) return false;
    const errors = this.validate(this.step);
    this.errors = errors;
    if (Object.keys(errors).length > 0) return false;
    this.step = FORM_STEPS[at + 1];
    return true;
  }

  back(): void {
    if (this.submitting) return;
    const at = FORM_STEPS.indexOf(this.step);
    if (at < 0) return;
    this.errors = {};
    this.submitError = null;
    this.step = at === 0 ? 'NONE' : FORM_STEPS[at - 1];
  }

  /** The multipart body of kyc/submit: the text fields and the images (no back side for a passport). */
  formData(): FormData {
    const form = new FormData();
    form.set('residenceCountry', this.residenceCountry);
    form.set('identityType', this.identityType);
    form.set('firstName', this.firstName.trim());
    form.set('lastName', this.lastName.trim());
    form.set('issueCountry', this.issueCountry);
    form.set('birthDate', this.birthDate.trim());
    form.set('identityNumber', this.identityNumber.trim());
    form.set('expireDate', this.expireDate.trim() || DEFAULT_VERIFICATION_EXPIRY);
    if (this.facePhoto) form.set('facePhoto', this.facePhoto, this.facePhoto.name);
    if (this.frontPhoto) form.set('frontPhoto', this.frontPhoto, this.frontPhoto.name);
    if (this.needsBack && this.backendPhoto) form.set('backendPhoto', this.backendPhoto, this.backendPhoto.name);
    return form;
  }

  async submit(): Promise<void> {
    if (this.submitting || this.step !== 'UPLOADING_DOCS' || !this.deps.isAuthorised()) return;
    // every step again: a field refused anywhere sends the visitor back to it
    for (const step of FORM_STEPS) {
      const errors = this.validate(step);
      if (Object.keys(errors).length > 0) {
        this.errors = errors;
        this.step = step;
        return;
      }
    }
    this.errors = {};
    this.submitError = null;
    this.submitting = true;
    try {
      const body = await this.deps.submit(this.formData());
      runInAction(() => {
        this.status = body.status;
        this.rejectReason = body.rejectReason;
      });
      await this.loadStatus();
      runInAction(() => {
        this.submitting = false;
        this.step = 'NONE';
        this.facePhoto = null;
        this.frontPhoto = null;
        this.backendPhoto = null;
        this.ready = false;
      });
    } catch (error) {
      // §8: only logged; the step says it did not go through
      console.warn('verification submit failed', error);
      const field = isApiError(error) && error.code === 'ERR_VALIDATION' ? this.fieldOf(error.fields, error.details) : undefined;
      const pending = isApiError(error) && error.code === 'ERR_UNPROCESSABLE_ENTITY';
      runInAction(() => {
        this.submitting = false;
        if (field) {
          this.errors = { [field]: REFUSAL_OF[field] };
          this.step = STEP_OF[field];
        } else {
          this.submitError = pending ? 'kyc_submit_pending' : 'kyc_submit_failed';
        }
      });
      if (pending) {
        await this.loadStatus();
        runInAction(() => {
          if (!this.canStart) this.step = 'NONE';
        });
      }
    }
  }

  /** The form field a validation refusal names (fields, or details.fields), if it is one of the form's. */
  private fieldOf(fields: Record<string, string> | undefined, details: Record<string, unknown> | undefined): KycField | undefined {
    const named = [
      ...Object.keys(fields ?? {}),
      ...(details && typeof details.fields === 'object' && details.fields !== null ? Object.keys(details.fields) : []),
    ];
    return named.find((name): name is KycField => name in STEP_OF && name !== 'ready');
  }
}
