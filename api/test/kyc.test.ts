// Identity verification (issue 12): kyc/submit as multipart with real images made by sharp, hostile files (an
// executable renamed .jpg, polyglots, an oversize file, a decompression bomb, too many files) refused with catalogue
// errors and nothing stored, EXIF and GPS gone from the stored image, documents sealed at rest and readable only by an
// admin, status transitions, admin pass and reject with audit rows, the sandbox's automatic decision and retention.
// Issue 24: documents and personal data sealed in the database (chunks), the admin's GET a pure read and taking a
// verification a POST. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createSecretBox } from '../src/lib/secretBox';
import { retentionPass, SANDBOX_REJECT_REASON } from '../src/modules/kyc/jobs';
import { createKycLimits, createLimitStore } from '../src/limits';
import { createKycRepo, sealPlainPersonalData } from '../src/modules/kyc/repo';
import { CHUNK_BYTES, createDocumentStore } from '../src/modules/kyc/storage';
import type { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from './partnerHarness';

const KEY = 'kyc-test-data-encryption-key-0123456789';
const MAX_FILE_BYTES = 256 * 1024;
const FIELDS = {
  residenceCountry: 'DE',
  identityType: 'idcard',
  firstName: 'Zebulon',
  lastName: 'Quixwright',
  issueCountry: 'DE',
  birthDate: '1987-06-05',
  identityNumber: 'T22000129',
};

type User = Browser & { userId: number; email: string };

const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
/** A JPEG a phone would make: EXIF with a camera, an owner, GPS coordinates and a rotated orientation. */
const phonePhoto = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'owner-secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const pngPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#2244ffff' } })
    .png()
    .toBuffer();
const webpPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#999' } })
    .webp()
    .toBuffer();

/** A PNG whose header claims 10000 × 10000 pixels (a decompression bomb): refused before decoding. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(await pngPhoto());
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) … crc over type+data.
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A stored zip archive holding `run.sh` (local file header, central directory, end record). */
const ZIP = Buffer.concat([
  Buffer.from('504b0304140000000000000000000000000000000000000000000600000072756e2e7368', 'hex'),
  Buffer.from('504b01021400140000000000000000000000000000000000000000000600000000000000000000000000000000000072756e2e7368', 'hex'),
  Buffer.from('504b0506000000000100010034000000240000000000', 'hex'),
]);

const elf = () => {
  const b = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(b);
  return b;
};

function form(files: Record<string, Buffer | [Buffer, string]>, fields: Record<string, string> = FIELDS): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [k, v] of Object.entries(files)) {
    const [bytes, name] = Array.isArray(v) ? v : [v, `${k}.jpg`];
    f.append(k, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  }
  return f;
}

const cookieOf = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');

describe.each(BACKENDS)('identity verification on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  let dir: string;
  let admin: User;
  let images: { face: Buffer; front: Buffer; back: Buffer };

  const submit = async (who: Browser | null, body: FormData | string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${h.api.url}/api/v1/users/kyc/submit`, {
      method: 'POST',
      headers: { 'x-forwarded-for': who?.ip ?? '10.99.0.1', ...(who ? { cookie: cookieOf(who) } : {}), ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const document = (who: Browser | null, verificationId: string, kind: string) =>
    fetch(`${h.api.url}/api/v1/admin/kyc/${verificationId}/documents/${kind}`, {
      headers: { 'x-forwarded-for': who?.ip ?? '10.99.0.2', ...(who ? { cookie: cookieOf(who) } : {}) },
    });
  const count = async (table: string) =>
    Number((await t.handle.withSession((s) => s.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`)))[0].n);
  /** The sealed chunks of live documents in the database. */
  const stored = async () =>
    t.handle.withSession((s) =>
      s.query<{ document_id: string | number; seq: number; data: Uint8Array }>(
        'SELECT document_id, seq, data FROM kyc_document_chunks ORDER BY document_id, seq',
      ),
    );
  const currentId = async (userId: number) =>
    (await t.handle.withSession((s) => s.query<{ id: string }>('SELECT id FROM verifications WHERE user_id = $1 AND is_current', [userId])))[0]?.id;
  const valid = () => ({ facePhoto: images.face, frontPhoto: images.front, backendPhoto: images.back });

  beforeAll(async () => {
    t = await openTestDb(backend);
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'kyc-')), 'documents');
    // one account tries many hostile uploads here: the hourly limit is tested on its own below
    h = await startPartnerHarness(t, {
      KYC_STORAGE_DIR: dir,
      KYC_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
      DATA_ENCRYPTION_KEY: KEY,
      KYC_SUBMITS_PER_HOUR: '100',
      HTTP_RATE_LIMITS: 'kycSubmit=100',
    });
    admin = await h.signUp({ admin: true });
    // The front: a PNG with a zip archive appended (a polyglot both an image viewer and an unzip tool open): taken as the
    // PNG it is, and the archive does not survive the re-encoding.
    images = { face: await phonePhoto(), front: Buffer.concat([await pngPhoto(), ZIP]), back: await webpPhoto() };
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
    if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('NOT_STARTED before any submission; guests are refused', async () => {
    const u = await h.signUp();
    expect((await u.get('/api/v1/users/kyc/status')).body).toEqual({ status: 'NOT_STARTED', rejectReason: null });
    expect((await h.browser().get('/api/v1/users/kyc/status')).status).toBe(401);
    const guest = await submit(null, form(valid()));
    expect([guest.status, guest.body.code]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });

  describe('hostile or broken uploads: a catalogue error naming the field, nothing stored', () => {
    let u: User;
    beforeAll(async () => {
      u = await h.signUp();
    });
    afterEach(async () => {
      expect(await stored()).toEqual([]);
      expect(await count('verifications')).toBe(0);
      expect(await count('kyc_documents')).toBe(0);
      expect((await u.get('/api/v1/users/kyc/status')).body.status).toBe('NOT_STARTED');
    });

    const refused = async (files: Record<string, Buffer | [Buffer, string]>, field: string, status = 400, code = 'ERR_VALIDATION') => {
      const r = await submit(u, form(files));
      expect([r.status, r.body.code]).toEqual([status, code]);
      expect(r.body.message).toContain(field);
      return r.body;
    };

    it('an executable renamed .jpg (ELF and Windows PE)', async () => {
      const body = await refused({ ...valid(), frontPhoto: [elf(), 'passport.jpg'] }, 'frontPhoto');
      expect(body.fields.frontPhoto).toMatch(/not a JPEG, PNG or WebP image.*application\/x-elf/);
      const mz = Buffer.alloc(2048);
      mz.write('MZ');
      await refused({ ...valid(), facePhoto: [mz, 'selfie.jpeg'] }, 'facePhoto');
    });

    it('polyglots: a GIF header glued to a script, a JPEG header glued to a script', async () => {
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<?php system($_GET["c"]); ?>')]);
      expect((await refused({ ...valid(), backendPhoto: [gif, 'back.jpg'] }, 'backendPhoto')).fields.backendPhoto).toContain('image/gif');
      const jpegScript = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('#!/bin/sh\necho owned\n'.repeat(20))]);
      expect((await refused({ ...valid(), frontPhoto: jpegScript }, 'frontPhoto')).fields.frontPhoto).toBe('not a readable image');
    });

    it('a PDF and an SVG (script-capable) are refused', async () => {
      await refused({ ...valid(), frontPhoto: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'.repeat(10)) }, 'frontPhoto');
      await refused({ ...valid(), frontPhoto: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, 'frontPhoto');
    });

    it('an oversize file and a decompression bomb', async () => {
      const big = await sharp(randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(MAX_FILE_BYTES);
      expect((await refused({ ...valid(), frontPhoto: big }, 'frontPhoto')).fields.frontPhoto).toBe(`larger than ${MAX_FILE_BYTES} bytes`);
      expect((await refused({ ...valid(), facePhoto: await bombPng() }, 'facePhoto')).fields.facePhoto).toBe('larger than 40 megapixels');
    });

    it('too many files, unknown or repeated file fields, too many fields, a field too long', async () => {
      const f = form(valid());
      f.append('facePhoto', new Blob([new Uint8Array(images.face)]), 'again.jpg');
      const r = await submit(u, f);
      expect([r.status, r.body.code]).toEqual([400, 'ERR_VALIDATION']);
      expect(r.body.message).toMatch(/Too many files|facePhoto/);
      await refused({ facePhoto: images.face, extraPhoto: images.face }, 'extraPhoto');
      const many = form(valid());
      for (let i = 0; i < 12; i++) many.append('firstName', 'x');
      const m = await submit(u, many);
      expect([m.status, m.body.code]).toEqual([400, 'ERR_VALIDATION']);
      const long = await submit(u, form(valid(), { ...FIELDS, lastName: 'x'.repeat(2000) }));
      expect([long.status, long.body.code, long.body.fields]).toEqual([400, 'ERR_VALIDATION', { lastName: 'longer than 1024 bytes' }]);
    });

    it('missing or invalid text and missing images; not multipart at all', async () => {
      const noBack = await submit(u, form({ facePhoto: images.face, frontPhoto: images.front }));
      expect([noBack.status, noBack.body.fields]).toEqual([400, { backendPhoto: 'required' }]);
      const bad = await submit(u, form(valid(), { ...FIELDS, birthDate: '1987-02-30', identityType: 'visa' }));
      expect([bad.status, bad.body.code]).toEqual([400, 'ERR_VALIDATION']);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['birthDate', 'identityType']);
      const json = await submit(u, JSON.stringify({ ...FIELDS, facePhoto: 'x' }), { 'content-type': 'application/json' });
      expect([json.status, json.body.code]).toEqual([400, 'ERR_BAD_REQUEST']);
    });
  });

  describe('a valid submission and the review', () => {
    let u: User;
    let id: string;

    it('is stored sealed, re-encoded, without EXIF; answers CREATED; logs no personal data', async () => {
      u = await h.signUp();
      const input = await sharp(images.face).metadata();
      expect(input.exif?.includes(Buffer.from('SpyCam'))).toBe(true);
      expect(input.exif?.includes(Buffer.from([0x88, 0x25])) || input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD
      const r = await submit(u, form(valid()));
      expect([r.status, r.body]).toEqual([200, { status: 'CREATED', rejectReason: null }]);
      expect((await u.get('/api/v1/users/kyc/status')).body).toEqual({ status: 'CREATED', rejectReason: null });
      id = await currentId(u.userId);

      // in the database (every replica and backup has them), sealed: no JPEG in the clear, no file written
      const chunks = await stored();
      expect(chunks).toHaveLength(3);
      for (const c of chunks) {
        const sealed = Buffer.from(c.data);
        expect(sealed.subarray(0, 3).toString()).toBe('SB1');
        expect(sealed.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      }
      const docs = await t.handle.withSession((s) => s.query<{ storage_key: string | null; chunks: number }>('SELECT storage_key, chunks FROM kyc_documents'));
      expect(docs.map((d) => [d.storage_key, Number(d.chunks)])).toEqual([
        [null, 1],
        [null, 1],
        [null, 1],
      ]);
      // names, identity number and birth date sealed: nowhere in the row in the clear
      const [row] = await t.handle.withSession((s) => s.query<Record<string, unknown>>('SELECT * FROM verifications WHERE id = $1', [id]));
      expect([row.first_name, row.last_name, row.birth_date, row.identity_number]).toEqual([null, null, null, null]);
      expect(String(row.personal_data)).toMatch(/^v1\./);
      const rowText = JSON.stringify(row);
      for (const secret of [FIELDS.firstName, FIELDS.lastName, FIELDS.identityNumber, FIELDS.birthDate]) expect(rowText).not.toContain(secret);
      const text = h.logLines.join('\n');
      expect(text).toContain(id);
      for (const secret of [FIELDS.firstName, FIELDS.lastName, FIELDS.identityNumber, FIELDS.birthDate]) expect(text).not.toContain(secret);
    });

    it('a second submission while pending is refused (422) and stores nothing', async () => {
      const r = await submit(u, form(valid()));
      expect([r.status, r.body.code]).toEqual([422, 'ERR_UNPROCESSABLE_ENTITY']);
      expect(await stored()).toHaveLength(3);
    });

    it('documents are unreachable without ADMIN (guest 401, the owner and others 403)', async () => {
      const other = await h.signUp();
      for (const [who, status, code] of [
        [null, 401, 'ERR_UNAUTHORIZED'],
        [u, 403, 'ERR_NOT_ENOUGH_PERMISSIONS'],
        [other, 403, 'ERR_NOT_ENOUGH_PERMISSIONS'],
      ] as const) {
        for (const kind of ['face', 'front', 'back']) {
          const res = await document(who, id, kind);
          expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([status, code]);
        }
        const get = await (who ?? h.browser()).get(`/api/v1/admin/kyc/${id}`);
        expect([get.status, get.body.code]).toEqual([status, code]);
        const take = await (who ?? h.browser()).post('/api/v1/admin/kyc/take', { verificationId: id });
        expect([take.status, take.body.code]).toEqual([status, code]);
      }
      expect((await u.get('/api/v1/users/kyc/status')).body.status).toBe('CREATED');
    });

    it('the admin lists it (pending first), sees the data and downloads the re-encoded JPEGs without EXIF', async () => {
      const list = await admin.get('/api/v1/admin/kyc?page=1&perPage=10');
      expect(list.status).toBe(200);
      expect(list.body.items[0]).toMatchObject({ verificationId: id, userId: u.userId, email: u.email, status: 'CREATED' });
      // the GET is a pure read: the data (decrypted), and nothing changes, nothing is logged
      const auditRows = () => count(`kyc_audit_log WHERE verification_id = '${id}'`);
      const before = await auditRows();
      for (let i = 0; i < 2; i++) {
        const one = await admin.get(`/api/v1/admin/kyc/${id}`);
        expect(one.status).toBe(200);
        expect(one.body).toMatchObject({ ...FIELDS, status: 'CREATED', expireDate: '2099-01-01', rejectReason: null });
        expect(one.body.documents.map((d: { kind: string }) => d.kind)).toEqual(['back', 'face', 'front']);
        expect(one.headers.get('cache-control')).toBe('no-store');
      }
      expect(await auditRows()).toBe(before);
      expect((await u.get('/api/v1/users/kyc/status')).body.status).toBe('CREATED');
      // taking it for review is the POST: CREATED → PROCESS once (one REVIEW row), answered with the verification
      for (let i = 0; i < 2; i++) {
        const taken = await admin.post('/api/v1/admin/kyc/take', { verificationId: id });
        expect(taken.status).toBe(200);
        expect(taken.body).toMatchObject({ ...FIELDS, verificationId: id, status: 'PROCESS' });
      }
      expect(await auditRows()).toBe(before + 1);
      expect((await u.get('/api/v1/users/kyc/status')).body.status).toBe('PROCESS');
      const missing = await admin.post('/api/v1/admin/kyc/take', { verificationId: 'kyc_nothing' });
      expect([missing.status, missing.body.code]).toEqual([404, 'ERR_NOT_FOUND']);

      for (const kind of ['face', 'front', 'back']) {
        const res = await document(admin, id, kind);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        expect(res.headers.get('cache-control')).toBe('no-store');
        const jpeg = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(jpeg).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(jpeg.includes(Buffer.from('SpyCam'))).toBe(false);
        expect(jpeg.includes(Buffer.from('owner-secret'))).toBe(false);
        expect(jpeg.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
        expect(jpeg.includes(Buffer.from('run.sh'))).toBe(false);
        // The face photo was rotated by its EXIF orientation (64 × 32 with orientation 6 → 32 × 64).
        if (kind === 'face') expect([meta.width, meta.height, meta.orientation]).toEqual([32, 64, undefined]);
      }
      const unknown = await document(admin, id, 'passport');
      expect(unknown.status).toBe(400);
      expect((await document(admin, 'kyc_nothing', 'face')).status).toBe(404);
    });

    it('a rejection needs a reason; rejected with one, the reason shows in the status and the audit log', async () => {
      const noReason = await admin.post('/api/v1/admin/kyc/decide', { verificationId: id, decision: 'REJECT' });
      expect([noReason.status, noReason.body.code, noReason.body.fields]).toEqual([400, 'ERR_VALIDATION', { rejectReason: 'required to reject' }]);
      const byUser = await u.post('/api/v1/admin/kyc/decide', { verificationId: id, decision: 'PASS' });
      expect([byUser.status, byUser.body.code]).toEqual([403, 'ERR_NOT_ENOUGH_PERMISSIONS']);
      const r = await admin.post('/api/v1/admin/kyc/decide', { verificationId: id, decision: 'REJECT', rejectReason: 'The photo is blurred' });
      expect([r.status, r.body]).toEqual([200, { status: 'REJECT', rejectReason: 'The photo is blurred' }]);
      expect((await u.get('/api/v1/users/kyc/status')).body).toEqual({ status: 'REJECT', rejectReason: 'The photo is blurred' });
      const again = await admin.post('/api/v1/admin/kyc/decide', { verificationId: id, decision: 'PASS' });
      expect([again.status, again.body.code]).toEqual([422, 'ERR_UNPROCESSABLE_ENTITY']);
      const audit = await t.handle.withSession((s) =>
        s.query<{ actor: string; actor_user_id: string | number | null; action: string; reason: string | null; created_at: Date }>(
          'SELECT actor, actor_user_id, action, reason, created_at FROM kyc_audit_log WHERE verification_id = $1 ORDER BY id',
          [id],
        ),
      );
      expect(audit.map((a) => [a.actor, a.actor_user_id === null ? null : Number(a.actor_user_id), a.action, a.reason])).toEqual([
        ['USER', u.userId, 'SUBMIT', null],
        ['ADMIN', admin.userId, 'REVIEW', null],
        ['ADMIN', admin.userId, 'VIEW_DOCUMENT:face', null],
        ['ADMIN', admin.userId, 'VIEW_DOCUMENT:front', null],
        ['ADMIN', admin.userId, 'VIEW_DOCUMENT:back', null],
        ['ADMIN', admin.userId, 'REJECT', 'The photo is blurred'],
      ]);
      expect(audit.every((a) => a.created_at instanceof Date || typeof a.created_at === 'string')).toBe(true);
    });

    it('after a rejection a new submission (a passport: no back) is taken, passed by the admin, then refused', async () => {
      const r = await submit(u, form({ facePhoto: images.face, frontPhoto: images.front }, { ...FIELDS, identityType: 'passport', expireDate: '2031-12-31' }));
      expect([r.status, r.body]).toEqual([200, { status: 'CREATED', rejectReason: null }]);
      const next = await currentId(u.userId);
      expect(next).not.toBe(id);
      expect(await stored()).toHaveLength(5);
      const pass = await admin.post('/api/v1/admin/kyc/decide', { verificationId: next, decision: 'PASS' });
      expect([pass.status, pass.body]).toEqual([200, { status: 'PASS', rejectReason: null }]);
      expect((await u.get('/api/v1/users/kyc/status')).body).toEqual({ status: 'PASS', rejectReason: null });
      const after = await submit(u, form(valid()));
      expect([after.status, after.body.code, after.body.message]).toEqual([422, 'ERR_UNPROCESSABLE_ENTITY', 'Identity already verified']);
      const decided = (await admin.get('/api/v1/admin/kyc?status=PASS')).body;
      expect(decided.items.map((i: { verificationId: string }) => i.verificationId)).toEqual([next]);
    });

    it('retention deletes the documents of verifications decided long enough ago and marks the rows', async () => {
      const box = createSecretBox(KEY);
      const repo = createKycRepo(t.handle.db, () => new Date(), box, createDocumentStore(t.handle.db, box));
      const log = { info: () => undefined };
      expect(await retentionPass(repo, 365, new Date(), log)).toBe(0);
      expect(await stored()).toHaveLength(5);
      expect(await retentionPass(repo, 365, new Date(Date.now() + 366 * 24 * 3600 * 1000), log)).toBe(2);
      expect(await stored()).toEqual([]);
      const docs = await t.handle.withSession((s) => s.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM kyc_documents'));
      expect(docs.length).toBe(5);
      expect(docs.every((d) => d.deleted_at !== null)).toBe(true);
      expect(await count("kyc_audit_log WHERE action = 'DOCUMENTS_DELETED' AND actor = 'RETENTION'")).toBe(2);
      expect((await document(admin, id, 'face')).status).toBe(404);
      const one = await admin.get(`/api/v1/admin/kyc/${id}`);
      expect(one.body.documents.every((d: { deleted: boolean }) => d.deleted)).toBe(true);
      // The status the account sees is unchanged.
      expect((await u.get('/api/v1/users/kyc/status')).body.status).toBe('PASS');
    });
  });
});

describe.each(BACKENDS)('the sandbox automatic decision on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  let dir: string;

  beforeAll(async () => {
    t = await openTestDb(backend);
    dir = mkdtempSync(path.join(tmpdir(), 'kyc-sandbox-'));
    h = await startPartnerHarness(t, { KYC_STORAGE_DIR: dir, SANDBOX_KYC_AUTO_DECISION: 'reject', SANDBOX_KYC_DECISION_DELAY_MS: '150' });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a submission after the delay, audit-logged as SANDBOX', async () => {
    const u = await h.signUp();
    const f = form({ facePhoto: await photo(30, 30, '#111'), frontPhoto: await photo(30, 20, '#222'), backendPhoto: await photo(30, 20, '#333') });
    const r = await fetch(`${h.api.url}/api/v1/users/kyc/submit`, { method: 'POST', headers: { cookie: cookieOf(u), 'x-forwarded-for': u.ip }, body: f });
    expect(r.status).toBe(200);
    const end = Date.now() + 10_000;
    let status = (await u.get('/api/v1/users/kyc/status')).body;
    while (status.status !== 'REJECT' && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 50));
      status = (await u.get('/api/v1/users/kyc/status')).body;
    }
    expect(status).toEqual({ status: 'REJECT', rejectReason: SANDBOX_REJECT_REASON });
    const audit = await t.handle.withSession((s) => s.query<{ actor: string; action: string }>('SELECT actor, action FROM kyc_audit_log ORDER BY id'));
    expect(audit.map((a) => `${a.actor} ${a.action}`)).toEqual(['USER SUBMIT', 'SANDBOX REJECT']);
  });
});

describe.each(BACKENDS)('KYC documents and personal data in the database on %s (issue 24)', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  let dir: string;
  const box = createSecretBox(KEY);
  const log = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    t = await openTestDb(backend);
    dir = mkdtempSync(path.join(tmpdir(), 'kyc-import-'));
    h = await startPartnerHarness(t, { KYC_STORAGE_DIR: dir, DATA_ENCRYPTION_KEY: KEY });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const verificationRow = async (userId: number, plain: boolean) => {
    const id = `kyc_${randomBytes(9).toString('base64url')}`;
    await t.handle.withSession((s) =>
      s.query(
        `INSERT INTO verifications (id, user_id, status, residence_country, identity_type, first_name, last_name, issue_country, birth_date,
           identity_number, expire_date) VALUES ($1, $2, 'CREATED', 'DE', 'passport', $3, $4, 'DE', $5, $6, '2030-01-01')`,
        plain ? [id, userId, FIELDS.firstName, FIELDS.lastName, FIELDS.birthDate, FIELDS.identityNumber] : [id, userId, null, null, null, null],
      ),
    );
    return id;
  };

  it('a document larger than a chunk is split, sealed per chunk, streamed back whole; a moved or missing chunk fails', async () => {
    const u = await h.signUp();
    const id = await verificationRow(u.userId, false);
    const jpeg = randomBytes(2 * CHUNK_BYTES + 1234);
    const sha256 = createHash('sha256').update(jpeg).digest('hex');
    const [doc] = await t.handle.withSession((s) =>
      s.query<{ id: string | number }>(
        `INSERT INTO kyc_documents (verification_id, kind, mime, bytes, sha256, chunks) VALUES ($1, 'face', 'image/jpeg', $2, $3, 3) RETURNING id`,
        [id, jpeg.length, sha256],
      ),
    );
    const store = createDocumentStore(t.handle.db, box);
    expect(await store.write(t.handle.db, Number(doc.id), jpeg)).toBe(3);
    const ref = { id: Number(doc.id), chunks: 3, sha256, bytes: jpeg.length };
    expect((await store.readAll(ref)).equals(jpeg)).toBe(true);
    const sizes = await t.handle.withSession((s) =>
      s.query<{ n: number }>('SELECT length(data) AS n FROM kyc_document_chunks WHERE document_id = $1 ORDER BY seq', [doc.id]),
    );
    expect(sizes.map((r) => Number(r.n))).toEqual([CHUNK_BYTES + 31, CHUNK_BYTES + 31, 1234 + 31]);
    // swapping two chunks: each is bound to its position, so reading fails instead of returning a wrong image
    await t.handle.withSession(async (s) => {
      await s.query('UPDATE kyc_document_chunks SET seq = 99 WHERE document_id = $1 AND seq = 0', [doc.id]);
      await s.query('UPDATE kyc_document_chunks SET seq = 0 WHERE document_id = $1 AND seq = 1', [doc.id]);
      await s.query('UPDATE kyc_document_chunks SET seq = 1 WHERE document_id = $1 AND seq = 99', [doc.id]);
    });
    await expect(store.readAll(ref)).rejects.toThrow();
    await t.handle.withSession((s) => s.query('DELETE FROM kyc_document_chunks WHERE document_id = $1 AND seq = 2', [doc.id]));
    await expect(store.readAll(ref)).rejects.toThrow();
  });

  it('earlier rows migrate: plain personal data sealed, files of KYC_STORAGE_DIR imported into the database and removed', async () => {
    const u = await h.signUp();
    const id = await verificationRow(u.userId, true);
    const jpeg = await photo(40, 30, '#456');
    const key = randomBytes(24).toString('base64url');
    writeFileSync(path.join(dir, key), box.sealBytes(jpeg), { mode: 0o600 });
    await t.handle.withSession((s) =>
      s.query(`INSERT INTO kyc_documents (verification_id, kind, storage_key, mime, bytes, sha256) VALUES ($1, 'front', $2, 'image/jpeg', $3, $4)`, [
        id,
        key,
        jpeg.length,
        createHash('sha256').update(jpeg).digest('hex'),
      ]),
    );
    // a row naming a file this replica does not have stays as it is
    await t.handle.withSession((s) =>
      s.query(`INSERT INTO kyc_documents (verification_id, kind, storage_key, mime, bytes, sha256) VALUES ($1, 'face', $2, 'image/jpeg', 1, 'x')`, [
        id,
        'A'.repeat(32),
      ]),
    );

    expect(await sealPlainPersonalData(t.handle.db, box)).toBeGreaterThanOrEqual(1);
    expect(await sealPlainPersonalData(t.handle.db, box)).toBe(0);
    const [row] = await t.handle.withSession((s) => s.query<Record<string, unknown>>('SELECT * FROM verifications WHERE id = $1', [id]));
    expect([row.first_name, row.last_name, row.birth_date, row.identity_number]).toEqual([null, null, null, null]);
    expect(JSON.stringify(row)).not.toContain(FIELDS.identityNumber);

    const store = createDocumentStore(t.handle.db, box);
    expect(await store.importFiles(dir, log)).toBe(1);
    expect(await store.importFiles(dir, log)).toBe(0);
    const repo = createKycRepo(t.handle.db, () => new Date(), box, store);
    const admin = await h.signUp({ admin: true });
    expect((await repo.document(id, 'face', admin.userId).catch((e: Error) => e.message)) as string).toBe('Document not found');
    const ref = await repo.document(id, 'front', admin.userId);
    expect((await store.readAll(ref)).equals(jpeg)).toBe(true);
    // the admin reads the decrypted data, through the api
    const one = await admin.get(`/api/v1/admin/kyc/${id}`);
    expect(one.body).toMatchObject({
      firstName: FIELDS.firstName,
      lastName: FIELDS.lastName,
      birthDate: FIELDS.birthDate,
      identityNumber: FIELDS.identityNumber,
    });
    const res = await fetch(`${h.api.url}/api/v1/admin/kyc/${id}/documents/front`, { headers: { cookie: cookieOf(admin), 'x-forwarded-for': admin.ip } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
  });
});

describe('kyc/submit limits (issue 24)', () => {
  let t: TestDb;
  let h: PartnerHarness;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    h = await startPartnerHarness(t, { KYC_SUBMITS_PER_HOUR: '2', KYC_MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  const post = (u: Browser, body: FormData | string) =>
    fetch(`${h.api.url}/api/v1/users/kyc/submit`, { method: 'POST', headers: { cookie: cookieOf(u), 'x-forwarded-for': u.ip }, body });

  it('an account gets KYC_SUBMITS_PER_HOUR attempts an hour, then 429 with Retry-After; another account is not held', async () => {
    const u = await h.signUp();
    const broken = () => {
      const f = new FormData();
      f.append('firstName', 'x');
      return f;
    };
    for (let i = 0; i < 2; i++) expect((await post(u, broken())).status).toBe(400);
    const third = await post(u, broken());
    expect(third.status).toBe(429);
    expect(((await third.json()) as { code: string }).code).toBe('ERR_TOO_MANY_REQUESTS');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(60);
    const other = await h.signUp();
    expect((await post(other, broken())).status).toBe(400);
  });

  it('one submission of an account in flight at a time: a second while the first uploads is 429', async () => {
    const u = await h.signUp();
    const boundary = 'held-upload-boundary';
    const url = new URL(`${h.api.url}/api/v1/users/kyc/submit`);
    // the first upload: headers and the start of the body, then held open
    const first = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { cookie: cookieOf(u), 'x-forwarded-for': u.ip, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    const firstAnswer = new Promise<number>((resolve) => {
      first.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      first.on('error', () => resolve(-1));
    });
    first.write(`--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nHeld\r\n`);
    // the api has begun reading it once the server answers anything else for this account in order
    let second: Response | undefined;
    for (let i = 0; i < 50 && second?.status !== 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      second = await post(u, new FormData());
    }
    expect(second?.status).toBe(429);
    expect(((await (second as Response).json()) as { message: string }).message).toMatch(/already being uploaded/);
    first.end(`--${boundary}--\r\n`);
    expect(await firstAnswer).toBe(400);
  });

  it('a replica decodes at most KYC_CONCURRENT_DECODES submissions at once; the next is 429 until one ends', async () => {
    const limits = createKycLimits(createLimitStore(), { submitsPerHour: 10, concurrentDecodes: 1 });
    let finish: () => void = () => undefined;
    const running = limits.decoding(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    await expect(limits.decoding(async () => 'second')).rejects.toMatchObject({ statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS' });
    finish();
    expect(await running).toBe('done');
    expect(await limits.decoding(async () => 'third')).toBe('third');
    // and the in-flight mark is per account, released when done
    const release = await limits.begin(1);
    await expect(limits.begin(1)).rejects.toMatchObject({ statusCode: 429 });
    release();
    const again = await limits.begin(1);
    again();
  });

  it('after a refused 30 MB upload, the next request on the same keep-alive connection is answered', async () => {
    const u = await h.signUp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(h.api.url);
    const call = (method: string, p: string, headers: Record<string, string | number>, body?: Buffer) =>
      new Promise<{ status: number; text: string; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          { agent, host: url.hostname, port: url.port, path: p, method, headers: { cookie: cookieOf(u), 'x-forwarded-for': u.ip, ...headers } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text, socket: res.socket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const boundary = 'big-upload-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="facePhoto"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    // a 30 MB file: over the per-file limit (and the route's body limit), refused
    const big = Buffer.concat([head, Buffer.alloc(30 * 1024 * 1024, 0x41), tail]);
    for (const declared of [true, false]) {
      const headers: Record<string, string | number> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      if (declared) headers['content-length'] = big.length;
      else headers['transfer-encoding'] = 'chunked';
      const refused = await call('POST', '/api/v1/users/kyc/submit', headers, big);
      expect([400, 413]).toContain(refused.status);
      const next = await call('GET', '/api/v1/users/kyc/status', {});
      expect([next.status, JSON.parse(next.text)]).toEqual([200, { status: 'NOT_STARTED', rejectReason: null }]);
    }
    agent.destroy();
  }, 60_000);

  it('an upload declared larger than the form can be is 413 at once; past the drain bound (64 MiB) its connection is closed', async () => {
    const u = await h.signUp();
    const url = new URL(h.api.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let text = '';
    let closed = false;
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    const boundary = 'huge';
    socket.write(
      `POST /api/v1/users/kyc/submit HTTP/1.1\r\nHost: x\r\nCookie: ${cookieOf(u)}\r\nX-Forwarded-For: ${u.ip}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="facePhoto"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    // past the file limit (256 KiB here), far from the declared 100 MiB, which never comes
    socket.write(Buffer.alloc(512 * 1024, 0x41));
    const end = Date.now() + 20_000;
    while (!closed && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"code":"ERR_BAD_REQUEST"');
    expect(text.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
    socket.destroy();
  }, 30_000);
});
