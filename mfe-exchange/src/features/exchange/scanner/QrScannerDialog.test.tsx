import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { en } from '../../../i18n/en';
import { FakeDetector, FakeTrack, fakeStream } from './fakeCamera';
import QrScannerDialog, { type QrScannerDialogProps } from './QrScannerDialog';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  t = i18n.t;
  // jsdom plays no video: a stream "plays" at once and has a frame to read
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});
afterEach(cleanup);

const denied = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));

function open(over: Partial<QrScannerDialogProps> & { deps?: QrScannerDialogProps['deps'] } = {}) {
  const onClose = jest.fn();
  const accepted: string[] = [];
  const props: QrScannerDialogProps = {
    open: true,
    onClose,
    title: t('scan_destination'),
    noMatchText: t('scanner_no_address'),
    accept: (raw) => {
      if (!raw.startsWith('0x')) return false;
      accepted.push(raw);
      return true;
    },
    t,
    ...over,
    deps: {
      loadDetector: async () => new FakeDetector(),
      getUserMedia: async () => fakeStream(),
      decodeImage: async () => ({}) as ImageBitmap,
      intervalMs: 5,
      ...over.deps,
    },
  };
  const view = render(<QrScannerDialog {...props} />);
  return { ...view, onClose, accepted, props };
}

const status = () => screen.getByTestId('qr-status');
const pickPhoto = (file = new File(['x'], 'qr.png', { type: 'image/png' })) =>
  act(async () => {
    fireEvent.change(screen.getByTestId('qr-photo-input'), { target: { files: [file] } });
  });

describe('QrScannerDialog (§2 QR scanner)', () => {
  it('is a labelled modal dialog that asks for the camera and shows what it sees', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Scan the address QR code' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(status().textContent).toBe('Starting the camera…');
    await waitFor(() => expect(status().dataset.state).toBe('live'));
    expect(status().textContent).toBe('Looking for a QR code…');
    expect(screen.getByLabelText('Camera view').tagName).toBe('VIDEO');
    // the photo input is reached through its button, never on its own
    const input = screen.getByTestId('qr-photo-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.tabIndex).toBe(-1);
    expect(screen.getByRole('button', { name: 'Take or choose a photo' })).toBeTruthy();
  });

  it('a code with an address in the camera fills the field; one without says so and scanning goes on', async () => {
    const detector = new FakeDetector([[{ rawValue: 'https://example.com' }], [], [{ rawValue: '0xabc' }]]);
    const { accepted } = open({ deps: { loadDetector: async () => detector } });
    await waitFor(() => expect(status().dataset.notice).toBe('noAddress'));
    expect(status().textContent).toContain('This QR code holds no address.');
    await waitFor(() => expect(accepted).toEqual(['0xabc']));
  });

  it('camera blocked: a clear message, and the photo becomes the main way', async () => {
    const detector = new FakeDetector([[{ rawValue: '0xphoto' }]]);
    const { accepted } = open({ deps: { getUserMedia: denied, loadDetector: async () => detector } });
    await waitFor(() => expect(status().dataset.state).toBe('denied'));
    expect(status().textContent).toMatch(/^Camera access is blocked\. .*take a photo of the QR code instead\.$/);
    expect(screen.getByTestId('qr-video').closest('[hidden]')).not.toBeNull();
    await pickPhoto();
    expect(accepted).toEqual(['0xphoto']);
  });

  it('no camera: says so; a photo without a code says that', async () => {
    open({ deps: { getUserMedia: undefined } });
    await waitFor(() => expect(status().dataset.state).toBe('unavailable'));
    expect(status().textContent).toBe('No camera is available here. Take or choose a photo of the QR code instead.');
    await pickPhoto();
    await waitFor(() => expect(status().dataset.notice).toBe('notFound'));
    expect(status().textContent).toContain('No QR code was found in this photo.');
  });

  it('a reader that cannot load: says so, and the photo button is off', async () => {
    open({ deps: { loadDetector: async () => Promise.reject(new Error('wasm')) } });
    await waitFor(() => expect(status().dataset.state).toBe('failed'));
    expect(status().textContent).toBe('The QR reader could not be loaded. Please type or paste it instead.');
    expect((screen.getByTestId('qr-photo') as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel, × and Escape close it; closing stops the camera', async () => {
    const track = new FakeTrack();
    const { onClose, rerender, props } = open({ deps: { getUserMedia: async () => fakeStream(track) } });
    await waitFor(() => expect(status().dataset.state).toBe('live'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(track.stopped).toBe(false);
    rerender(<QrScannerDialog {...props} open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stopped).toBe(true);
  });
});
