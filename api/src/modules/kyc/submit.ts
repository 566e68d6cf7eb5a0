// POST kyc/submit (issue 12): multipart/form-data read part by part under explicit limits, the text checked with zod,
// each image sniffed and re-encoded (images.ts), then sealed and recorded in the database in one transaction (repo.ts,
// storage.ts), all or nothing. Issue 24: the re-encoding (decoding up to three 40-megapixel images) runs under the
// module's limits (limits.ts) — one submission in flight per account, a small number of decodes at once per replica.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, KycSubmitFieldsSchema } from 'shared-contracts/server';
import { validationError } from '../../http/registerRoute';
import { DocumentImageError, reencodeDocument } from './images';
import type { DocumentKind, KycRepo, NewDocument } from './repo';

/** The form's file fields (§3 verification data) and the document kind each is stored as. */
const FILE_FIELDS: Record<string, DocumentKind> = { facePhoto: 'face', frontPhoto: 'front', backendPhoto: 'back' };
const TEXT_FIELDS = new Set(Object.keys(KycSubmitFieldsSchema.shape));

export const MULTIPART_LIMITS = { files: 3, fields: 12, fieldSize: 1024, parts: 15, fieldNameSize: 64, headerPairs: 50 } as const;

const invalid = (field: string, message: string) => ApiError.of('ERR_VALIDATION', `Invalid ${field}: ${message}`, { fields: { [field]: message } });

/** @fastify/multipart's limit errors (and busboy's) as catalogue errors: never a 500. */
function limitError(err: unknown, maxFileBytes: number, field: string | undefined): ApiError | null {
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return invalid(field ?? 'file', `larger than ${maxFileBytes} bytes`);
    case 'FST_FILES_LIMIT':
      return ApiError.of('ERR_VALIDATION', `Too many files: at most ${MULTIPART_LIMITS.files}`);
    case 'FST_FIELDS_LIMIT':
      return ApiError.of('ERR_VALIDATION', `Too many fields: at most ${MULTIPART_LIMITS.fields}`);
    case 'FST_PARTS_LIMIT':
      return ApiError.of('ERR_VALIDATION', `Too many parts: at most ${MULTIPART_LIMITS.parts}`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return ApiError.of('ERR_BAD_REQUEST', 'Expected multipart/form-data');
    default:
      // busboy's malformed-body errors ("Unexpected end of form", "Malformed part header") carry no code.
      if (err instanceof Error && !(err instanceof ApiError) && /form|part|boundary|multipart/i.test(err.message)) {
        return ApiError.of('ERR_BAD_REQUEST', 'Malformed multipart/form-data body');
      }
      return null;
  }
}

interface Received {
  text: Record<string, string>;
  files: Map<DocumentKind, { field: string; bytes: Buffer }>;
}

async function receive(request: FastifyRequest, maxFileBytes: number): Promise<Received> {
  const text: Record<string, string> = {};
  const files = new Map<DocumentKind, { field: string; bytes: Buffer }>();
  let current: string | undefined;
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const kind = FILE_FIELDS[file.fieldname];
        if (!kind) throw invalid(file.fieldname.slice(0, 64), 'not a file field of this form');
        if (files.has(kind)) throw invalid(file.fieldname, 'sent more than once');
        const bytes = await file.toBuffer();
        if (bytes.length === 0) throw invalid(file.fieldname, 'empty file');
        files.set(kind, { field: file.fieldname, bytes });
      } else {
        const field = part as MultipartValue;
        if (!TEXT_FIELDS.has(field.fieldname)) throw invalid(field.fieldname.slice(0, 64), 'not a field of this form');
        if (field.valueTruncated) throw invalid(field.fieldname, `longer than ${MULTIPART_LIMITS.fieldSize} bytes`);
        if (field.fieldname in text) throw invalid(field.fieldname, 'sent more than once');
        text[field.fieldname] = String(field.value);
      }
    }
  } catch (err) {
    throw limitError(err, maxFileBytes, current) ?? err;
  }
  return { text, files };
}

export interface SubmitDeps {
  repo: KycRepo;
  maxFileBytes: number;
  /** Runs the image decoding under the replica's cap of concurrent decodes (limits.ts). */
  decoding<T>(work: () => Promise<T>): Promise<T>;
}

/** Returns the new verification's id. */
export async function submitVerification(deps: SubmitDeps, request: FastifyRequest, userId: number): Promise<string> {
  if (!request.isMultipart()) throw ApiError.of('ERR_BAD_REQUEST', 'Expected multipart/form-data');
  await deps.repo.assertMaySubmit(userId);
  const { text, files } = await receive(request, deps.maxFileBytes);

  const parsed = KycSubmitFieldsSchema.safeParse(text);
  if (!parsed.success) throw validationError('body', parsed.error);
  const fields = parsed.data;
  const needed: [DocumentKind, string][] = [
    ['face', 'facePhoto'],
    ['front', 'frontPhoto'],
    ...(fields.identityType === 'passport' ? [] : [['back', 'backendPhoto'] as [DocumentKind, string]]),
  ];
  for (const [kind, field] of needed) if (!files.has(kind)) throw invalid(field, 'required');
  if (fields.identityType === 'passport') files.delete('back');

  // Every image is checked and re-encoded before anything is written.
  const images = await deps.decoding(async () => {
    const out: NewDocument[] = [];
    for (const [kind, { field, bytes }] of files) {
      try {
        out.push({ kind, jpeg: await reencodeDocument(bytes) });
      } catch (err) {
        if (err instanceof DocumentImageError) throw invalid(field, err.message);
        throw err;
      }
    }
    return out;
  });
  return deps.repo.create(userId, fields, images);
}
