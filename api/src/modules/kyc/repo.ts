// The verification tables (migrations/0011_kyc.sql, 0020_kyc_documents.sql): one current verification per account, its
// documents (sealed chunks in the database, storage.ts) and the audit log. Every decision and every document deletion
// writes an audit row in the same transaction. The names, identity number and birth date are sealed (personal_data);
// rows from before 0020 are sealed by sealPlainPersonalData at startup.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ApiError, type KycSubmitFields, type VerificationStatus } from 'shared-contracts/server';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secretBox';
import { rowsOf } from '../../db/query';
import { CHUNK_BYTES, type DocumentStore, type StoredDocumentRef } from './storage';

export type DocumentKind = 'face' | 'front' | 'back';
/** A re-encoded document image to store with its verification. */
export interface NewDocument {
  kind: DocumentKind;
  jpeg: Buffer;
}
/** The sealed part of a verification (personal_data). */
interface PersonalData {
  firstName: string;
  lastName: string;
  birthDate: string;
  identityNumber: string;
}
/** Who acted: an account (the submitter, an admin) or the api itself (SANDBOX, RETENTION). */
export type Actor = { userId: number; role: 'USER' | 'ADMIN' } | 'SANDBOX' | 'RETENTION';

interface VerificationRow {
  id: string;
  user_id: number | string;
  email: string;
  status: VerificationStatus;
  reject_reason: string | null;
  residence_country: string;
  identity_type: KycSubmitFields['identityType'];
  first_name: string | null;
  last_name: string | null;
  issue_country: string;
  birth_date: string | null;
  identity_number: string | null;
  personal_data: string | null;
  expire_date: string;
  created_at: Date | string;
  decided_by: number | string | null;
  decided_at: Date | string | null;
}

const PENDING: readonly VerificationStatus[] = ['CREATED', 'PROCESS'];
const iso = (d: Date | string) => new Date(d).toISOString();
const actorName = (a: Actor) => (typeof a === 'string' ? a : a.role);
const actorId = (a: Actor) => (typeof a === 'string' ? null : a.userId);

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const alreadySubmitted = (status: VerificationStatus) =>
  ApiError.of(
    'ERR_UNPROCESSABLE_ENTITY',
    status === 'PASS' ? 'Identity already verified' : 'A verification is already being reviewed; a new one can be sent after a rejection',
  );

export function createKycRepo(db: Db, now: () => Date, box: SecretBox, store: DocumentStore) {
  const personal = (r: VerificationRow): PersonalData =>
    r.personal_data !== null
      ? (JSON.parse(box.open(r.personal_data)) as PersonalData)
      : { firstName: r.first_name ?? '', lastName: r.last_name ?? '', birthDate: r.birth_date ?? '', identityNumber: r.identity_number ?? '' };

  async function audit(runner: Parameters<typeof rowsOf>[0], verificationId: string, actor: Actor, action: string, reason: string | null = null) {
    await runner.execute(
      sql`INSERT INTO kyc_audit_log (verification_id, actor, actor_user_id, action, reason, created_at)
          VALUES (${verificationId}, ${actorName(actor)}, ${actorId(actor)}, ${action}, ${reason}, ${now()})`,
    );
  }

  async function current(userId: number): Promise<{ id: string; status: VerificationStatus; reject_reason: string | null } | undefined> {
    const [row] = await rowsOf<{ id: string; status: VerificationStatus; reject_reason: string | null }>(
      db,
      sql`SELECT id, status, reject_reason FROM verifications WHERE user_id = ${userId} AND is_current`,
    );
    return row;
  }

  return {
    async status(userId: number): Promise<{ status: VerificationStatus; rejectReason: string | null }> {
      const row = await current(userId);
      return row ? { status: row.status, rejectReason: row.status === 'REJECT' ? row.reject_reason : null } : { status: 'NOT_STARTED', rejectReason: null };
    },

    /** Refuses early (before any image is decoded) when the account may not submit now. */
    async assertMaySubmit(userId: number): Promise<void> {
      const row = await current(userId);
      if (row && row.status !== 'REJECT') throw alreadySubmitted(row.status);
    },

    async create(userId: number, fields: KycSubmitFields, documents: readonly NewDocument[]): Promise<string> {
      const id = `kyc_${randomBytes(12).toString('base64url')}`;
      const t = now();
      const sealed = box.seal(
        JSON.stringify({
          firstName: fields.firstName,
          lastName: fields.lastName,
          birthDate: fields.birthDate,
          identityNumber: fields.identityNumber,
        } satisfies PersonalData),
      );
      try {
        await db.transaction(async (tx) => {
          const [prev] = await rowsOf<{ id: string; status: VerificationStatus }>(
            tx,
            sql`SELECT id, status FROM verifications WHERE user_id = ${userId} AND is_current FOR UPDATE`,
          );
          if (prev && prev.status !== 'REJECT') throw alreadySubmitted(prev.status);
          if (prev) await tx.execute(sql`UPDATE verifications SET is_current = false, updated_at = ${t} WHERE id = ${prev.id}`);
          await tx.execute(
            sql`INSERT INTO verifications (id, user_id, status, residence_country, identity_type, personal_data, issue_country,
                  expire_date, created_at, updated_at)
                VALUES (${id}, ${userId}, 'CREATED', ${fields.residenceCountry}, ${fields.identityType}, ${sealed},
                  ${fields.issueCountry}, ${fields.expireDate}, ${t}, ${t})`,
          );
          for (const d of documents) {
            const chunks = Math.max(1, Math.ceil(d.jpeg.length / CHUNK_BYTES));
            const sha256 = createHash('sha256').update(d.jpeg).digest('hex');
            const [doc] = await rowsOf<{ id: number | string }>(
              tx,
              sql`INSERT INTO kyc_documents (verification_id, kind, storage_key, mime, bytes, sha256, chunks, created_at)
                  VALUES (${id}, ${d.kind}, NULL, 'image/jpeg', ${d.jpeg.length}, ${sha256}, ${chunks}, ${t}) RETURNING id`,
            );
            await store.write(tx, Number(doc.id), d.jpeg);
          }
          await audit(tx, id, { userId, role: 'USER' }, 'SUBMIT');
        });
      } catch (err) {
        // Two submissions at once: the partial unique index keeps one current verification.
        if (isUniqueViolation(err)) throw alreadySubmitted('CREATED');
        throw err;
      }
      return id;
    },

    async list(page: number, perPage: number, status?: VerificationStatus) {
      const where = status ? sql`WHERE v.status = ${status}` : sql``;
      const [{ total }] = await rowsOf<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM verifications v ${where}`);
      const rows = await rowsOf<VerificationRow>(
        db,
        sql`SELECT v.*, u.email FROM verifications v JOIN users u ON u.id = v.user_id ${where}
            ORDER BY (v.status IN ('CREATED', 'PROCESS')) DESC, v.created_at ASC, v.id ASC
            LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
      );
      return {
        items: rows.map((r) => ({
          verificationId: r.id,
          userId: Number(r.user_id),
          email: r.email,
          status: r.status,
          identityType: r.identity_type,
          residenceCountry: r.residence_country,
          createdAt: iso(r.created_at),
          decidedAt: r.decided_at ? iso(r.decided_at) : null,
        })),
        total: Number(total),
        page,
        perPage,
      };
    },

    /** An admin taking a CREATED verification moves it to PROCESS (under review), audit-logged; other states stay. */
    async take(id: string, adminId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [moved] = await rowsOf<{ id: string }>(
          tx,
          sql`UPDATE verifications SET status = 'PROCESS', updated_at = ${now()} WHERE id = ${id} AND status = 'CREATED' RETURNING id`,
        );
        if (moved) await audit(tx, id, { userId: adminId, role: 'ADMIN' }, 'REVIEW');
      });
    },

    /** A verification as the admin sees it: a pure read (GET), nothing changes and nothing is logged. */
    async review(id: string) {
      const [r] = await rowsOf<VerificationRow>(db, sql`SELECT v.*, u.email FROM verifications v JOIN users u ON u.id = v.user_id WHERE v.id = ${id}`);
      if (!r) throw ApiError.of('ERR_NOT_FOUND', 'Verification not found');
      const docs = await rowsOf<{ kind: DocumentKind; bytes: number; created_at: Date | string; deleted_at: Date | string | null }>(
        db,
        sql`SELECT kind, bytes, created_at, deleted_at FROM kyc_documents WHERE verification_id = ${id} ORDER BY kind`,
      );
      const log = await rowsOf<{ actor: string; actor_user_id: number | string | null; action: string; reason: string | null; created_at: Date | string }>(
        db,
        sql`SELECT actor, actor_user_id, action, reason, created_at FROM kyc_audit_log WHERE verification_id = ${id} ORDER BY id`,
      );
      return {
        verificationId: r.id,
        userId: Number(r.user_id),
        email: r.email,
        status: r.status,
        identityType: r.identity_type,
        residenceCountry: r.residence_country,
        createdAt: iso(r.created_at),
        decidedAt: r.decided_at ? iso(r.decided_at) : null,
        rejectReason: r.reject_reason,
        ...personal(r),
        issueCountry: r.issue_country,
        expireDate: r.expire_date,
        decidedBy: r.decided_by === null ? null : Number(r.decided_by),
        documents: docs.map((d) => ({ kind: d.kind, bytes: Number(d.bytes), createdAt: iso(d.created_at), deleted: d.deleted_at !== null })),
        audit: log.map((a) => ({
          actor: a.actor_user_id === null ? a.actor : `${a.actor}:${Number(a.actor_user_id)}`,
          action: a.action,
          reason: a.reason,
          createdAt: iso(a.created_at),
        })),
      };
    },

    /** A live document stored in the database (one not imported from KYC_STORAGE_DIR yet is not found), audit-logged. */
    async document(id: string, kind: DocumentKind, adminId: number): Promise<StoredDocumentRef> {
      const [d] = await rowsOf<{ id: number | string; chunks: number | string; sha256: string; bytes: number | string }>(
        db,
        sql`SELECT id, chunks, sha256, bytes FROM kyc_documents
            WHERE verification_id = ${id} AND kind = ${kind} AND deleted_at IS NULL AND storage_key IS NULL AND chunks IS NOT NULL`,
      );
      if (!d) throw ApiError.of('ERR_NOT_FOUND', 'Document not found');
      await audit(db, id, { userId: adminId, role: 'ADMIN' }, `VIEW_DOCUMENT:${kind}`);
      return { id: Number(d.id), chunks: Number(d.chunks), sha256: d.sha256, bytes: Number(d.bytes) };
    },

    /** PASS or REJECT a pending verification (compare-and-set: decided once). */
    async decide(id: string, decision: 'PASS' | 'REJECT', reason: string | null, actor: Actor): Promise<{ userId: number }> {
      return db.transaction(async (tx) => {
        const t = now();
        const [row] = await rowsOf<{ user_id: number | string }>(
          tx,
          sql`UPDATE verifications SET status = ${decision}, reject_reason = ${decision === 'REJECT' ? reason : null},
                decided_by = ${actorId(actor)}, decided_at = ${t}, updated_at = ${t}
              WHERE id = ${id} AND is_current AND status IN ('CREATED', 'PROCESS') RETURNING user_id`,
        );
        if (!row) {
          const [exists] = await rowsOf<{ status: VerificationStatus }>(tx, sql`SELECT status FROM verifications WHERE id = ${id}`);
          if (!exists) throw ApiError.of('ERR_NOT_FOUND', 'Verification not found');
          throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `The verification is not pending (it is ${exists.status})`);
        }
        await audit(tx, id, actor, decision, decision === 'REJECT' ? reason : null);
        return { userId: Number(row.user_id) };
      });
    },

    /** Pending verifications submitted at or before `before` (the sandbox's automatic decision). */
    async pendingSince(before: Date, limit = 50): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM verifications WHERE is_current AND status IN (${sql.join(
          PENDING.map((s) => sql`${s}`),
          sql`, `,
        )}) AND created_at <= ${before} ORDER BY created_at LIMIT ${limit}`,
      );
      return rows.map((r) => r.id);
    },

    /** Verifications decided at or before `before` whose documents are still kept. */
    async decidedBefore(before: Date, limit = 50): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM verifications WHERE decided_at IS NOT NULL AND decided_at <= ${before} AND documents_deleted_at IS NULL
            ORDER BY decided_at LIMIT ${limit}`,
      );
      return rows.map((r) => r.id);
    },

    /** Retention: the documents' chunks are deleted and the rows say so, in the audit log too, all at once. */
    async deleteDocuments(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const t = now();
        await store.removeOf(tx, id);
        await tx.execute(sql`UPDATE kyc_documents SET deleted_at = ${t} WHERE verification_id = ${id} AND deleted_at IS NULL`);
        await tx.execute(sql`UPDATE verifications SET documents_deleted_at = ${t}, updated_at = ${t} WHERE id = ${id}`);
        await audit(tx, id, 'RETENTION', 'DOCUMENTS_DELETED');
      });
    },
  };
}

/**
 * Rows written before 0020 keep names, identity number and birth date in plain columns: sealed into personal_data and
 * the plain values cleared, a batch at a time (every replica may run it: each row is updated once, by compare-and-set).
 */
export async function sealPlainPersonalData(db: Db, box: SecretBox): Promise<number> {
  let sealedRows = 0;
  for (;;) {
    const rows = await rowsOf<VerificationRow>(
      db,
      sql`SELECT id, first_name, last_name, birth_date, identity_number FROM verifications WHERE personal_data IS NULL LIMIT 100`,
    );
    if (rows.length === 0) return sealedRows;
    for (const r of rows) {
      const sealed = box.seal(
        JSON.stringify({
          firstName: r.first_name ?? '',
          lastName: r.last_name ?? '',
          birthDate: r.birth_date ?? '',
          identityNumber: r.identity_number ?? '',
        } satisfies PersonalData),
      );
      await db.execute(
        sql`UPDATE verifications SET personal_data = ${sealed}, first_name = NULL, last_name = NULL, birth_date = NULL, identity_number = NULL
            WHERE id = ${r.id} AND personal_data IS NULL`,
      );
      sealedRows++;
    }
  }
}

export type KycRepo = ReturnType<typeof createKycRepo>;
