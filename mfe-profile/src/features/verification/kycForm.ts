// The verification form's fields and their checks (§4): the steps in order and where each field is entered, what a
// refusal says under its field, the §4 step indicator, dates, names, numbers and countries, and the image files (type,
// size and the first bytes, sniffed as the server does).
import type { IDENTITY_TYPES, UploadStep, VerificationStatus } from 'shared-contracts';

export type IdentityType = (typeof IDENTITY_TYPES)[number];

/** The image types the file inputs accept (their `accept` attribute) and the largest file, checked before sending. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const KYC_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const KYC_MIN_AGE_YEARS = 18;

export type KycTextField = 'residenceCountry' | 'firstName' | 'lastName' | 'issueCountry' | 'birthDate' | 'identityNumber' | 'expireDate';
export type KycFileField = 'facePhoto' | 'frontPhoto' | 'backendPhoto';
export type KycField = KycTextField | 'identityType' | KycFileField | 'ready';

export type KycErrorKey =
  | 'kyc_error_required'
  | 'kyc_error_name'
  | 'kyc_error_date'
  | 'kyc_error_birth_future'
  | 'kyc_error_adult'
  | 'kyc_error_expired'
  | 'kyc_error_number'
  | 'kyc_error_file_type'
  | 'kyc_error_file_size'
  | 'kyc_error_file_content'
  | 'kyc_error_ready';

export type KycSubmitErrorKey = 'kyc_submit_failed' | 'kyc_submit_pending';

/** The steps in order; NONE is the status view, outside the form. */
export const FORM_STEPS: readonly UploadStep[] = ['RESIDENTIAL', 'TYPE_ID', 'PERSONAL_INFO', 'GET_READY', 'UPLOADING_DOCS'];

/** Where each field is entered: a refusal naming a field goes back to its step. */
export const STEP_OF: Record<KycField, UploadStep> = {
  residenceCountry: 'RESIDENTIAL',
  identityType: 'TYPE_ID',
  firstName: 'PERSONAL_INFO',
  lastName: 'PERSONAL_INFO',
  issueCountry: 'PERSONAL_INFO',
  birthDate: 'PERSONAL_INFO',
  identityNumber: 'PERSONAL_INFO',
  expireDate: 'PERSONAL_INFO',
  ready: 'GET_READY',
  facePhoto: 'UPLOADING_DOCS',
  frontPhoto: 'UPLOADING_DOCS',
  backendPhoto: 'UPLOADING_DOCS',
};

/** What a server refusal naming a field says under it. */
export const REFUSAL_OF: Record<KycField, KycErrorKey> = {
  residenceCountry: 'kyc_error_required',
  identityType: 'kyc_error_required',
  firstName: 'kyc_error_name',
  lastName: 'kyc_error_name',
  issueCountry: 'kyc_error_required',
  birthDate: 'kyc_error_date',
  identityNumber: 'kyc_error_number',
  expireDate: 'kyc_error_expired',
  ready: 'kyc_error_ready',
  facePhoto: 'kyc_error_file_type',
  frontPhoto: 'kyc_error_file_type',
  backendPhoto: 'kyc_error_file_type',
};

/** §4 step indicator: 0 if NONE and NOT_STARTED, or RESIDENTIAL, TYPE_ID or PERSONAL_INFO; 3 if NONE and PASS; 1 otherwise. */
export function stepIndicator(step: UploadStep, status: VerificationStatus): 0 | 1 | 3 {
  if (step === 'NONE' && status === 'NOT_STARTED') return 0;
  if (step === 'RESIDENTIAL' || step === 'TYPE_ID' || step === 'PERSONAL_INFO') return 0;
  if (step === 'NONE' && status === 'PASS') return 3;
  return 1;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
export const IDENTITY_NUMBER = /^[\p{L}\p{N} ./-]+$/u;
export const COUNTRY = /^[A-Z]{2}$/;

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today (UTC, as the server decides) as `YYYY-MM-DD`, and the same day `years` earlier. */
export function isoDay(now: Date, yearsBack = 0): string {
  const y = now.getUTCFullYear() - yearsBack;
  return `${String(y).padStart(4, '0')}-${now.toISOString().slice(5, 10)}`;
}

/** Why a file cannot be sent by what it says it is (type, when the browser names one) and its size, or null. */
export function fileError(file: Pick<File, 'type' | 'size'>): KycErrorKey | null {
  if (file.type && !(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'kyc_error_file_type';
  if (file.size > KYC_MAX_FILE_BYTES) return 'kyc_error_file_size';
  return null;
}

/**
 * The image type a file's first bytes show (the magic numbers of the types kyc/submit takes), whatever its name and
 * declared type say; null for anything else. JPEG: FF D8 FF; PNG: 89 50 4E 47 0D 0A 1A 0A; WebP: "RIFF" ···· "WEBP".
 */
export function sniffImageType(head: Uint8Array): (typeof KYC_IMAGE_TYPES)[number] | null {
  const at = (offset: number, bytes: readonly number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/** The first bytes of a file (enough for sniffImageType). */
export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 12).arrayBuffer());
}
