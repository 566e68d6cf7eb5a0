import { File as NodeFile } from 'node:buffer';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ApiError, type VerificationStatus } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { signedIn } from '../test/fixtures';

afterEach(cleanup);

// Node's File: the test environment's FormData and URL are Node's (tooling/jest/jsdom-environment.cjs)
const image = (name: string, type = 'image/jpeg') => new NodeFile([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type }) as unknown as File;
/** A text file that only says it is a PNG (its name and declared type). */
const fakePng = () => new NodeFile(['hello, I am text'], 'photo.png', { type: 'image/png' }) as unknown as File;

/** The file input's change; its first bytes are read before the file is kept (issue 25). */
async function chooseFile(testId: string, file: File) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => void fireEvent.change(input));
}

function api(statuses: { status: VerificationStatus; rejectReason: string | null }[], submit?: jest.Mock) {
  const kycStatus = jest.fn(async () => (statuses.length > 1 ? statuses.shift() : statuses[0]));
  const kycSubmit = submit ?? jest.fn(async (_input: { body: FormData }) => ({ status: 'CREATED', rejectReason: null }));
  return { kycStatus, kycSubmit };
}

async function render(a: ReturnType<typeof api>, lng: 'en' | 'ru' = 'en') {
  await act(async () => void renderPage(pages.ProfileVerification, signedIn({ lng, api: a, path: '/profile/verification' })));
}

const indicator = () => screen.getByTestId('verification-indicator').dataset.index;
const step = () => screen.getByTestId('verification-step').dataset.step;
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = async (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));

describe('ProfileVerification page', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it.each([
    ['NOT_STARTED', null, '0', 'Start verification'],
    ['CREATED', null, '1', null],
    ['PROCESS', null, '1', null],
    ['PASS', null, '3', null],
    ['REJECT', 'The photo is blurred', '1', 'Try again'],
  ] as const)('status %s: its text, indicator and start button', async (status, reason, index, start) => {
    await render(api([{ status, rejectReason: reason }]));
    const card = screen.getByTestId('verification-status');
    expect(card.dataset.status).toBe(status);
    expect(indicator()).toBe(index);
    expect(screen.queryByTestId('verification-start')?.textContent ?? null).toBe(start);
    if (reason) expect(screen.getByTestId('verification-reject-reason').textContent).toBe(`Reason: ${reason}`);
    else expect(screen.queryByTestId('verification-reject-reason')).toBeNull();
    if (status === 'PASS') expect(card.textContent).toContain('Your identity is verified.');
    if (status === 'CREATED') expect(card.textContent).toContain('waiting for review, which usually takes no more than a day');
  });

  it('a failed status load is only logged and offers a retry (§8)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = api([{ status: 'PASS', rejectReason: null }]);
    a.kycStatus.mockImplementationOnce(async () => Promise.reject(ApiError.of('ERR_INTERNAL_SERVER_ERROR', 'boom')));
    await render(a);
    expect(screen.getByTestId('verification-error').textContent).toContain('We could not load your verification status.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByTestId('verification-status').dataset.status).toBe('PASS');
    warn.mockRestore();
  });

  it('walks every step with a mocked api, sends multipart form data, then shows CREATED', async () => {
    const a = api([
      { status: 'NOT_STARTED', rejectReason: null },
      { status: 'CREATED', rejectReason: null },
    ]);
    await render(a);
    await click('verification-start');
    expect([step(), indicator()]).toEqual(['RESIDENTIAL', '0']);
    // the card counts the parts of the indicator's stage: the two never disagree (issue 25)
    expect(screen.getByTestId('verification-part').textContent).toBe('Your details: part 1 of 3');
    await click('verification-next');
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    expect((screen.getByTestId('kyc-residence') as HTMLSelectElement).querySelector('option[value="DE"]')?.textContent).toBe('Germany');
    change('kyc-residence', 'DE');
    await click('verification-next');
    expect(step()).toBe('TYPE_ID');
    expect((screen.getByTestId('kyc-type') as HTMLSelectElement).value).toBe('idcard');
    await click('verification-next');
    expect([step(), indicator()]).toEqual(['PERSONAL_INFO', '0']);
    expect((screen.getByTestId('kyc-expire-date') as HTMLInputElement).value).toBe('2099-01-01');
    change('kyc-first-name', 'Anna');
    change('kyc-last-name', 'Smith');
    change('kyc-issue-country', 'DE');
    change('kyc-birth-date', '2015-01-01');
    change('kyc-number', 'L01X00T47');
    await click('verification-next');
    expect(screen.getByText('You must be at least 18 years old.')).toBeTruthy();
    change('kyc-birth-date', '1990-05-17');
    await click('verification-next');
    expect([step(), indicator()]).toEqual(['GET_READY', '1']);
    await click('verification-back');
    expect(step()).toBe('PERSONAL_INFO');
    expect((screen.getByTestId('kyc-first-name') as HTMLInputElement).value).toBe('Anna');
    await click('verification-next');
    fireEvent.click(screen.getByTestId('kyc-ready'));
    await click('verification-next');
    expect([step(), indicator()]).toEqual(['UPLOADING_DOCS', '1']);
    expect(screen.getByTestId('verification-part').textContent).toBe('Documents and review: part 2 of 2');
    const face = screen.getByTestId('kyc-file-face') as HTMLInputElement;
    expect(face.type).toBe('file');
    expect(face.accept).toBe('image/jpeg,image/png,image/webp');
    expect(face.getAttribute('capture')).toBe('user');
    expect(screen.getAllByText('Choose a photo')).toHaveLength(3);
    await chooseFile('kyc-file-face', image('face.gif', 'image/gif'));
    expect(screen.getByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    // a text file named .png: refused by its bytes, and no (broken) preview
    await chooseFile('kyc-file-face', fakePng());
    expect(screen.getByRole('alert').textContent).toBe('This file is not a JPEG, PNG or WebP image, whatever its name says. Please choose a photo.');
    expect(screen.queryByTestId('kyc-file-face-preview')).toBeNull();
    await chooseFile('kyc-file-face', image('face.jpg'));
    await chooseFile('kyc-file-front', image('front.png', 'image/png'));
    await chooseFile('kyc-file-back', image('back.webp', 'image/webp'));
    expect(screen.getByTestId('kyc-file-face-preview').getAttribute('src')).toBe('blob:preview');
    expect(screen.getByAltText('Preview: face.jpg')).toBeTruthy();
    await click('verification-submit');
    expect(a.kycSubmit).toHaveBeenCalledTimes(1);
    const [options] = a.kycSubmit.mock.calls[0] as [{ body: FormData }];
    expect(options.body.get('residenceCountry')).toBe('DE');
    expect(options.body.get('identityType')).toBe('idcard');
    expect(options.body.get('birthDate')).toBe('1990-05-17');
    expect(options.body.get('expireDate')).toBe('2099-01-01');
    expect((options.body.get('backendPhoto') as File).name).toBe('back.webp');
    expect(screen.getByTestId('verification-status').dataset.status).toBe('CREATED');
    expect(indicator()).toBe('1');
    expect(screen.queryByTestId('verification-step')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('in Russian: a passport has no back side; a failed submit says it did not go through (only logged)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const submit = jest.fn(async () => Promise.reject(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'Failed to fetch')));
    await render(api([{ status: 'REJECT', rejectReason: 'Документ просрочен' }], submit), 'ru');
    expect(screen.getByTestId('verification-reject-reason').textContent).toBe('Причина: Документ просрочен');
    await click('verification-start');
    expect((screen.getByTestId('kyc-residence') as HTMLSelectElement).querySelector('option[value="DE"]')?.textContent).toBe('Германия');
    change('kyc-residence', 'RU');
    await click('verification-next');
    change('kyc-type', 'passport');
    await click('verification-next');
    change('kyc-first-name', 'Иван');
    change('kyc-last-name', 'Петров');
    change('kyc-issue-country', 'RU');
    change('kyc-birth-date', '1985-03-03');
    change('kyc-number', '4510 123456');
    await click('verification-next');
    fireEvent.click(screen.getByLabelText(/Документ у меня с собой/));
    await click('verification-next');
    expect(screen.queryByTestId('kyc-file-back')).toBeNull();
    // the upload field speaks Russian: its button, prompt and state, never the browser's "Choose File"
    expect(screen.getByTestId('verification-part').textContent).toBe('Документы и проверка: часть 2 из 2');
    expect(screen.getAllByText('Выбрать фото')).toHaveLength(2);
    expect(screen.getAllByText('Фото не выбрано')).toHaveLength(2);
    expect(document.body.textContent).not.toContain('Choose');
    await chooseFile('kyc-file-face', image('face.jpg'));
    await chooseFile('kyc-file-front', image('front.jpg'));
    await click('verification-submit');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('verification-submit-error').textContent).toBe('Не удалось отправить документы. Проверьте подключение и попробуйте ещё раз.');
    expect(step()).toBe('UPLOADING_DOCS');
    expect(warn).toHaveBeenCalledWith('verification submit failed', expect.any(ApiError));
    warn.mockRestore();
  });

  it('nothing is sent for a guest', async () => {
    const a = api([{ status: 'PASS', rejectReason: null }]);
    await act(async () => void renderPage(pages.ProfileVerification, createTestHost({ api: a })));
    expect(a.kycStatus).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
