// KYC documents in the database (issue 24; migrations/0020_kyc_documents.sql): every replica reads what any replica
// wrote, every backup holds them, a restart loses nothing. A document (the re-encoded JPEG, at most a few MiB) is cut
// into chunks of CHUNK_BYTES, each sealed on its own under the data encryption key (lib/secretBox.ts, AES-256-GCM,
// bound to its document and position), one INSERT per chunk inside the verification's transaction. Reading streams:
// one SELECT per chunk, so the api holds one chunk at a time, and the stored sha256 of the whole JPEG is checked when
// the last chunk has been read (a missing, extra or reordered chunk fails).
// What "streamed" means with the drivers: neither node-postgres nor PGlite streams a single bytea value, so each
// statement carries one whole chunk (≤ 256 KiB + 31 bytes of sealing); the document itself never has to sit in one
// statement, one row or (when read) one buffer.
// KYC_STORAGE_DIR (the former per-replica files) is only read by the one-off import at startup (importFiles).
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secretBox';
import { rowsOf } from '../../db/query';

export const CHUNK_BYTES = 256 * 1024;

type Runner = Parameters<typeof rowsOf>[0];

/** What a stored document is known by: its row id, how many chunks it has and the sha256 of the whole JPEG. */
export interface StoredDocumentRef {
  id: number;
  chunks: number;
  sha256: string;
  bytes: number;
}

const contextOf = (documentId: number, seq: number) => `kyc-doc:${documentId}:${seq}`;
const toBuffer = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

class DocumentIntegrityError extends Error {}

export function createDocumentStore(db: Db, box: SecretBox) {
  return {
    /** Writes the document's sealed chunks (inside the caller's transaction); returns how many. */
    async write(runner: Runner, documentId: number, plain: Buffer): Promise<number> {
      let seq = 0;
      for (let offset = 0; offset < plain.length || seq === 0; offset += CHUNK_BYTES, seq++) {
        const sealed = box.sealBytes(plain.subarray(offset, offset + CHUNK_BYTES), contextOf(documentId, seq));
        await runner.execute(sql`INSERT INTO kyc_document_chunks (document_id, seq, data) VALUES (${documentId}, ${seq}, ${sealed})`);
      }
      return seq;
    },

    /** The document's JPEG as a stream, one chunk fetched (and opened) at a time. */
    read(doc: StoredDocumentRef): Readable {
      const hash = createHash('sha256');
      let seq = 0;
      const stream: Readable = new Readable({
        read: () => {
          (async () => {
            if (seq === doc.chunks) {
              if (hash.digest('hex') !== doc.sha256) throw new DocumentIntegrityError(`document ${doc.id}: its chunks do not add up to the stored JPEG`);
              stream.push(null);
              return;
            }
            const [row] = await rowsOf<{ data: Buffer | Uint8Array }>(
              db,
              sql`SELECT data FROM kyc_document_chunks WHERE document_id = ${doc.id} AND seq = ${seq}`,
            );
            if (!row) throw new DocumentIntegrityError(`document ${doc.id}: chunk ${seq} is missing`);
            const plain = box.openBytes(toBuffer(row.data), contextOf(doc.id, seq));
            seq++;
            hash.update(plain);
            stream.push(plain);
          })().catch((err) => stream.destroy(err));
        },
      });
      return stream;
    },

    /** The whole document in memory (tests, the import check). */
    async readAll(doc: StoredDocumentRef): Promise<Buffer> {
      const parts: Buffer[] = [];
      for await (const part of this.read(doc)) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },

    /** Deletes the chunks of every document of a verification (retention). */
    async removeOf(runner: Runner, verificationId: string): Promise<void> {
      await runner.execute(sql`DELETE FROM kyc_document_chunks WHERE document_id IN (SELECT id FROM kyc_documents WHERE verification_id = ${verificationId})`);
    },

    /**
     * The one-off import of the former KYC_STORAGE_DIR (issue 24): each live document that still names a file is moved
     * into chunks when this replica has the file (checked against the stored sha256), and the file is removed. A file
     * this replica does not have stays named (another replica with that disk imports it). Returns how many moved.
     */
    async importFiles(dir: string, log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void }): Promise<number> {
      const rows = await rowsOf<{ id: number | string; storage_key: string; sha256: string }>(
        db,
        sql`SELECT id, storage_key, sha256 FROM kyc_documents WHERE storage_key IS NOT NULL AND deleted_at IS NULL ORDER BY id`,
      );
      let moved = 0;
      for (const r of rows) {
        if (!/^[A-Za-z0-9_-]{32}$/.test(r.storage_key)) continue;
        const file = path.join(dir, r.storage_key);
        const sealed = await readFile(file).catch(() => null);
        if (!sealed) continue;
        const id = Number(r.id);
        let plain: Buffer;
        try {
          plain = box.openBytes(sealed);
        } catch {
          log.warn({ documentId: id }, 'kyc document import: the file does not open with the data encryption key; left in place');
          continue;
        }
        if (createHash('sha256').update(plain).digest('hex') !== r.sha256) {
          log.warn({ documentId: id }, 'kyc document import: the file does not match its row; left in place');
          continue;
        }
        await db.transaction(async (tx) => {
          await tx.execute(sql`DELETE FROM kyc_document_chunks WHERE document_id = ${id}`);
          const chunks = await this.write(tx, id, plain);
          await tx.execute(sql`UPDATE kyc_documents SET storage_key = NULL, chunks = ${chunks} WHERE id = ${id} AND storage_key = ${r.storage_key}`);
        });
        await rm(file, { force: true });
        moved++;
      }
      if (moved) log.info({ moved }, 'kyc documents imported from KYC_STORAGE_DIR into the database');
      return moved;
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
