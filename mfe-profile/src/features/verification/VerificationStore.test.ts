import { File as NodeFile } from 'node:buffer';
import { ApiError, UPLOAD_STEPS, VERIFICATION_STATUSES, type VerificationStatus } from 'shared-contracts';
import { countryOptions, ISO_3166_ALPHA2 } from './countries';
import { fileError, isCalendarDate, KYC_MAX_FILE_BYTES, sniffImageType, stepIndicator } from './kycForm';
import { type KycStatusBody, VerificationStore } from './VerificationStore';

const NOW = new Date('2026-06-15T12:00:00Z');

// Node's File: the test environment's FormData is Node's (tooling/jest/jsdom-environment.cjs)
/** The first bytes of each type (what the store sniffs). */
const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
};
const image = (name = 'a.jpg', type = 'image/jpeg', size = 1000): File => {
  const bytes = new Uint8Array(16);
  bytes.set(MAGIC[type] ?? []);
  const file = new NodeFile([bytes], name, { type }) as unknown as File;
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function make(o: { status?: jest.Mock; submit?: jest.Mock; authorised?: boolean } = {}) {
  const kycStatus = o.status ?? jest.fn(async (): Promise<KycStatusBody> => ({ status: 'NOT_STARTED', rejectReason: null }));
  const submit = o.submit ?? jest.fn(async (): Promise<KycStatusBody> => ({ status: 'CREATED', rejectReason: null }));
  const store = new VerificationStore({ api: { kycStatus }, submit, isAuthorised: () => o.authorised ?? true, now: () => NOW });
  return { store, kycStatus, submit };
}

/** Walks a loaded NOT_STARTED store to UPLOADING_DOCS with valid data. */
async function fillToDocs(store: VerificationStore, type = 'idcard') {
  await store.loadStatus();
  store.start();
  store.setText('residenceCountry', 'DE');
  expect(store.next()).toBe(true);
  store.setIdentityType(type);
  expect(store.next()).toBe(true);
  store.setText('firstName', 'Anna-Marie');
  store.setText('lastName', "O'Neil");
  store.setText('issueCountry', 'FR');
  store.setText('birthDate', '1990-02-03');
  store.setText('identityNumber', 'AB 123/45-6');
  expect(store.next()).toBe(true);
  store.setReady(true);
  expect(store.next()).toBe(true);
  expect(store.step).toBe('UPLOADING_DOCS');
}

describe('§4 step indicator', () => {
  it('0 if NONE and NOT_STARTED, or RESIDENTIAL/TYPE_ID/PERSONAL_INFO; 3 if NONE and PASS; 1 otherwise', () => {
    const expected = (step: string, status: VerificationStatus) =>
      (step === 'NONE' && status === 'NOT_STARTED') || ['RESIDENTIAL', 'TYPE_ID', 'PERSONAL_INFO'].includes(step)
        ? 0
        : step === 'NONE' && status === 'PASS'
          ? 3
          : 1;
    for (const step of UPLOAD_STEPS)
      for (const status of VERIFICATION_STATUSES) expect([step, status, stepIndicator(step, status)]).toEqual([step, status, expected(step, status)]);
    expect(stepIndicator('NONE', 'NOT_STARTED')).toBe(0);
    expect(stepIndicator('PERSONAL_INFO', 'REJECT')).toBe(0);
    expect(stepIndicator('NONE', 'PASS')).toBe(3);
    expect(stepIndicator('GET_READY', 'NOT_STARTED')).toBe(1);
    expect(stepIndicator('UPLOADING_DOCS', 'PASS')).toBe(1);
    expect(stepIndicator('NONE', 'CREATED')).toBe(1);
    expect(stepIndicator('NONE', 'PROCESS')).toBe(1);
    expect(stepIndicator('NONE', 'REJECT')).toBe(1);
  });
});

describe('verification rules', () => {
  it('files: JPEG, PNG or WebP of at most 8 MB', () => {
    expect(fileError(image('a.jpg', 'image/jpeg'))).toBeNull();
    expect(fileError(image('a.png', 'image/png'))).toBeNull();
    expect(fileError(image('a.webp', 'image/webp', KYC_MAX_FILE_BYTES))).toBeNull();
    expect(fileError(image('a.gif', 'image/gif'))).toBe('kyc_error_file_type');
    expect(fileError(image('a.exe', 'application/octet-stream'))).toBe('kyc_error_file_type');
    expect(fileError(image('a.jpg', 'image/jpeg', KYC_MAX_FILE_BYTES + 1))).toBe('kyc_error_file_size');
  });

  it('issue 25: the first bytes decide (JPEG, PNG, WebP); a text file named .png is refused and not kept', async () => {
    expect(sniffImageType(new Uint8Array(MAGIC['image/jpeg']))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(MAGIC['image/png']))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(MAGIC['image/webp']))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('hello, I am text'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull(); // RIFF WAVE
    const { store } = make();
    await store.setFile('frontPhoto', new NodeFile(['hello, I am text'], 'photo.png', { type: 'image/png' }) as unknown as File);
    expect(store.frontPhoto).toBeNull();
    expect(store.errors).toEqual({ frontPhoto: 'kyc_error_file_content' });
    // a PNG the browser names no type for is still a PNG
    const untyped = new NodeFile([new Uint8Array(MAGIC['image/png'])], 'scan.png') as unknown as File;
    await store.setFile('frontPhoto', untyped);
    expect(store.frontPhoto).toBe(untyped);
    expect(store.errors).toEqual({});
  });

  it('calendar dates and the country list (names in the site language, sorted)', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1.2.2000')).toBe(false);
    expect(ISO_3166_ALPHA2).toHaveLength(249);
    expect(new Set(ISO_3166_ALPHA2).size).toBe(249);
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'DE')?.label).toBe('Germany');
    expect(countryOptions('ru-RU').find((c) => c.value === 'DE')?.label).toBe('Германия');
    expect(en[0].label.localeCompare(en[1].label)).toBeLessThan(0);
  });
});

describe('VerificationStore', () => {
  it('loads the status; nothing is sent for a guest; a failed load is only logged (§8)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const guest = make({ authorised: false });
    await guest.store.loadStatus();
    guest.store.start();
    expect(guest.kycStatus).not.toHaveBeenCalled();
    expect(guest.store.step).toBe('NONE');

    const { store } = make({ status: jest.fn(async () => ({ status: 'REJECT', rejectReason: 'Blurry photo' })) });
    await store.loadStatus();
    expect([store.loadState.status, store.status, store.rejectReason, store.indicator]).toEqual(['ready', 'REJECT', 'Blurry photo', 1]);

    const failing = make({ status: jest.fn(async () => Promise.reject(ApiError.of('ERR_INTERNAL_SERVER_ERROR', 'boom'))) });
    await failing.store.loadStatus();
    expect(failing.store.loadState.status).toBe('error');
    expect(warn).toHaveBeenCalledWith('verification status failed to load', expect.any(ApiError));
    warn.mockRestore();
  });

  it('start only when NOT_STARTED or REJECT', async () => {
    for (const status of VERIFICATION_STATUSES) {
      const { store } = make({ status: jest.fn(async () => ({ status, rejectReason: null })) });
      await store.loadStatus();
      store.start();
      expect([status, store.step]).toEqual([status, status === 'NOT_STARTED' || status === 'REJECT' ? 'RESIDENTIAL' : 'NONE']);
    }
  });

  it('every transition forward and back, with the indicator along the way', async () => {
    const { store } = make();
    await store.loadStatus();
    expect([store.step, store.indicator]).toEqual(['NONE', 0]);
    store.start();
    expect([store.step, store.indicator]).toEqual(['RESIDENTIAL', 0]);
    store.back();
    expect(store.step).toBe('NONE');
    store.start();
    store.setText('residenceCountry', 'RU');
    store.next();
    expect([store.step, store.indicator, store.identityType]).toEqual(['TYPE_ID', 0, 'idcard']);
    store.next();
    expect([store.step, store.indicator, store.expireDate]).toEqual(['PERSONAL_INFO', 0, '2099-01-01']);
    store.back();
    expect(store.step).toBe('TYPE_ID');
    store.next();
    store.setText('firstName', 'Иван');
    store.setText('lastName', 'Петров');
    store.setText('issueCountry', 'RU');
    store.setText('birthDate', '1980-01-01');
    store.setText('identityNumber', '4510 123456');
    store.next();
    expect([store.step, store.indicator]).toEqual(['GET_READY', 1]);
    store.setReady(true);
    store.next();
    expect([store.step, store.indicator]).toEqual(['UPLOADING_DOCS', 1]);
    expect(store.next()).toBe(false);
    store.back();
    expect(store.step).toBe('GET_READY');
    store.back();
    store.back();
    store.back();
    expect(store.step).toBe('RESIDENTIAL');
    // the data entered stays
    expect(store.firstName).toBe('Иван');
  });

  it('validation of each step: country, names, dates (past, 18+, future expiry), number, confirmation, files', async () => {
    const { store } = make();
    await store.loadStatus();
    store.start();
    expect(store.next()).toBe(false);
    expect(store.errors).toEqual({ residenceCountry: 'kyc_error_required' });
    store.setText('residenceCountry', 'DE');
    expect(store.errors).toEqual({});
    store.next();
    store.setIdentityType('visa');
    expect(store.identityType).toBe('idcard');
    store.next();
    expect(store.next()).toBe(false);
    expect(store.errors).toEqual({
      firstName: 'kyc_error_required',
      lastName: 'kyc_error_required',
      issueCountry: 'kyc_error_required',
      birthDate: 'kyc_error_required',
      identityNumber: 'kyc_error_required',
    });
    store.setText('firstName', 'R2D2');
    store.setText('lastName', '<b>');
    store.setText('issueCountry', 'DE');
    store.setText('identityNumber', 'ab#1');
    store.setText('birthDate', '2026-06-15');
    store.setText('expireDate', '2026-06-15');
    store.next();
    expect(store.errors).toEqual({
      firstName: 'kyc_error_name',
      lastName: 'kyc_error_name',
      birthDate: 'kyc_error_birth_future',
      identityNumber: 'kyc_error_number',
      expireDate: 'kyc_error_expired',
    });
    store.setText('firstName', 'Jean Luc');
    store.setText('lastName', 'Picard');
    store.setText('identityNumber', 'X1');
    store.setText('birthDate', '2008-06-16'); // 18 tomorrow
    store.setText('expireDate', '2026-13-01');
    store.next();
    expect(store.errors).toEqual({ birthDate: 'kyc_error_adult', expireDate: 'kyc_error_date' });
    store.setText('birthDate', '2008-06-15'); // 18 today
    store.setText('expireDate', '2026-06-16');
    expect(store.next()).toBe(true);
    expect(store.next()).toBe(false);
    expect(store.errors).toEqual({ ready: 'kyc_error_ready' });
    store.setReady(true);
    store.next();
    await store.submit();
    expect(store.errors).toEqual({ facePhoto: 'kyc_error_required', frontPhoto: 'kyc_error_required', backendPhoto: 'kyc_error_required' });
    await store.setFile('facePhoto', image('x.gif', 'image/gif'));
    await store.setFile('frontPhoto', image('big.jpg', 'image/jpeg', KYC_MAX_FILE_BYTES + 1));
    expect(store.facePhoto).toBeNull();
    expect(store.errors).toMatchObject({ facePhoto: 'kyc_error_file_type', frontPhoto: 'kyc_error_file_size' });
  });

  it('submit: multipart fields and files, status CREATED, then the status is refreshed and the step resets to NONE', async () => {
    const status = jest
      .fn()
      .mockResolvedValueOnce({ status: 'NOT_STARTED', rejectReason: null })
      .mockResolvedValueOnce({ status: 'CREATED', rejectReason: null });
    const { store, submit } = make({ status });
    await fillToDocs(store);
    const face = image('face.jpg');
    const front = image('front.png', 'image/png');
    const back = image('back.webp', 'image/webp');
    await store.setFile('facePhoto', face);
    await store.setFile('frontPhoto', front);
    await store.setFile('backendPhoto', back);
    await store.submit();
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.calls[0][0] as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      residenceCountry: 'DE',
      identityType: 'idcard',
      firstName: 'Anna-Marie',
      lastName: "O'Neil",
      issueCountry: 'FR',
      birthDate: '1990-02-03',
      identityNumber: 'AB 123/45-6',
      expireDate: '2099-01-01',
    });
    expect((form.get('facePhoto') as File).name).toBe('face.jpg');
    expect((form.get('frontPhoto') as File).name).toBe('front.png');
    expect((form.get('backendPhoto') as File).name).toBe('back.webp');
    expect(status).toHaveBeenCalledTimes(2);
    expect([store.step, store.status, store.indicator, store.submitting, store.facePhoto]).toEqual(['NONE', 'CREATED', 1, false, null]);
  });

  it('a passport: no back side is asked for or sent', async () => {
    const { store, submit } = make();
    await fillToDocs(store, 'passport');
    expect(store.needsBack).toBe(false);
    await store.setFile('facePhoto', image());
    await store.setFile('frontPhoto', image());
    await store.submit();
    const form = submit.mock.calls[0][0] as FormData;
    expect(form.get('identityType')).toBe('passport');
    expect(form.has('backendPhoto')).toBe(false);
  });

  it('a failed submit is only logged; the step says it did not go through and can be sent again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const submit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE', message: 'network' }))
      .mockRejectedValueOnce(ApiError.of('ERR_VALIDATION', 'bad', { details: { fields: { identityNumber: 'invalid' } } }))
      .mockResolvedValueOnce({ status: 'CREATED', rejectReason: null });
    const { store } = make({ submit });
    await fillToDocs(store);
    await store.setFile('facePhoto', image());
    await store.setFile('frontPhoto', image());
    await store.setFile('backendPhoto', image());
    await store.submit();
    expect([store.step, store.submitError, store.submitting]).toEqual(['UPLOADING_DOCS', 'kyc_submit_failed', false]);
    expect(warn).toHaveBeenCalledWith('verification submit failed', expect.any(ApiError));
    await store.submit();
    expect([store.step, store.errors]).toEqual(['PERSONAL_INFO', { identityNumber: 'kyc_error_number' }]);
    store.setText('identityNumber', 'AB1');
    store.next();
    store.next();
    await store.submit();
    expect(store.step).toBe('NONE');
    warn.mockRestore();
  });

  it('one already pending (ERR_UNPROCESSABLE_ENTITY): says so, refreshes the status and shows it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const status = jest
      .fn()
      .mockResolvedValueOnce({ status: 'NOT_STARTED', rejectReason: null })
      .mockResolvedValueOnce({ status: 'PROCESS', rejectReason: null });
    const submit = jest.fn(async () => Promise.reject(ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'A verification is already pending')));
    const { store } = make({ status, submit });
    await fillToDocs(store);
    await store.setFile('facePhoto', image());
    await store.setFile('frontPhoto', image());
    await store.setFile('backendPhoto', image());
    await store.submit();
    expect([store.submitError, store.status, store.step, store.indicator]).toEqual(['kyc_submit_pending', 'PROCESS', 'NONE', 1]);
    warn.mockRestore();
  });
});
