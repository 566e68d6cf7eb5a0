// Identity verification: §3 verification data, the kyc/submit form (issue 12) and the admin review.
import { z } from 'zod';
import { IDENTITY_TYPES, VERIFICATION_STATUSES } from '../../domain';
import { DEFAULT_VERIFICATION_EXPIRY } from '../../constants';

export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);

export const IdentityTypeSchema = z.enum(IDENTITY_TYPES);

/** §3 Verification data */
export const VerificationDataSchema = z
  .object({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    issueCountry: z.string().min(2),
    birthDate: z.string(),
    expireDate: z.string().default(DEFAULT_VERIFICATION_EXPIRY),
    identityType: IdentityTypeSchema.default('idcard'),
    identityNumber: z.string().min(1),
    facePhoto: z.string(),
    frontPhoto: z.string(),
    backendPhoto: z.string(),
  })
  .meta({ id: 'VerificationData' });

export const VerificationStatusBodySchema = z
  .object({ status: VerificationStatusSchema, rejectReason: z.string().nullable() })
  .meta({ id: 'VerificationStatus' });

/** Issue 12: a calendar date `YYYY-MM-DD` that exists. */
const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'not a calendar date');

/** Printable text without control characters or markup brackets. */
const KycTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}<>]+$/u, 'contains characters that are not allowed');

/**
 * Issue 12: the text fields of the kyc/submit multipart form (§3 verification data plus the residence country of the
 * RESIDENTIAL step). The images are the form's files KYC_DOCUMENT_FIELDS; backendPhoto is not needed for a passport.
 */
export const KycSubmitFieldsSchema = z
  .object({
    residenceCountry: KycTextSchema(64),
    identityType: IdentityTypeSchema.default('idcard'),
    firstName: KycTextSchema(100),
    lastName: KycTextSchema(100),
    issueCountry: KycTextSchema(64),
    birthDate: CalendarDateSchema.refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'not a plausible birth date'),
    identityNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\p{L}\p{N} ./-]+$/u, 'letters, digits, spaces, dots, slashes and dashes only'),
    expireDate: CalendarDateSchema.default(DEFAULT_VERIFICATION_EXPIRY).refine((v) => v >= new Date().toISOString().slice(0, 10), 'the document has expired'),
  })
  .strict()
  .meta({ id: 'KycSubmitFields' });

export type KycSubmitFields = z.infer<typeof KycSubmitFieldsSchema>;

export const KycDocumentKindSchema = z.enum(['face', 'front', 'back']);

/** Issue 12: a verification in the admin list. */
export const KycAdminListItemSchema = z
  .object({
    verificationId: z.string(),
    userId: z.number().int(),
    email: z.string(),
    status: VerificationStatusSchema,
    identityType: IdentityTypeSchema,
    residenceCountry: z.string(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'KycAdminListItem' });

/** Issue 12: a verification as the admin reviews it. */
export const KycAdminVerificationSchema = KycAdminListItemSchema.extend({
  rejectReason: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  issueCountry: z.string(),
  birthDate: z.string(),
  identityNumber: z.string(),
  expireDate: z.string(),
  /** The admin account that decided; null for the sandbox's automatic decision or when undecided. */
  decidedBy: z.number().int().nullable(),
  documents: z.array(z.object({ kind: KycDocumentKindSchema, bytes: z.number().int(), createdAt: z.string(), deleted: z.boolean() })),
  audit: z.array(z.object({ actor: z.string(), action: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
}).meta({ id: 'KycAdminVerification' });

export const KycVerificationParamsSchema = z.object({ verificationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const photo = (description: string) => z.string().meta({ format: 'binary', description });

/** kyc/submit as multipart/form-data (route bodyType 'multipart'): the text fields and the photos (documents the form; the api parses it itself). */
export const KycSubmitFormSchema = KycSubmitFieldsSchema.extend({
  facePhoto: photo('A photo of the face (JPEG, PNG or WebP)'),
  frontPhoto: photo('The front of the document'),
  backendPhoto: photo('The back of the document; not for a passport').optional(),
}).meta({ id: 'KycSubmitForm' });
