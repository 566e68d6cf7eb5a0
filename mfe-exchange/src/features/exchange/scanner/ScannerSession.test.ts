import { ScannerSession, type ScannerDeps } from './ScannerSession';
import { FakeDetector, FakeTrack, fakeStream } from './fakeCamera';

function fakeVideo(): HTMLVideoElement {
  return { readyState: 4, srcObject: null, play: async () => undefined } as unknown as HTMLVideoElement;
}

const code = (rawValue: string) => [{ rawValue }];
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function session(over: Partial<ScannerDeps> = {}) {
  const accepted: string[] = [];
  const deps: ScannerDeps = {
    loadDetector: async () => new FakeDetector(),
    getUserMedia: async () => fakeStream(),
    accept: (raw) => {
      if (!raw.startsWith('0x')) return false;
      accepted.push(raw);
      return true;
    },
    intervalMs: 10,
    ...over,
  };
  return { s: new ScannerSession(deps), accepted };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('ScannerSession (§2 QR scanner)', () => {
  it('shows the camera, looks at frames until a code with an address is read, then stops the camera', async () => {
    const track = new FakeTrack();
    const detector = new FakeDetector([[], code('https://example.com'), code('0xabc')]);
    const getUserMedia = jest.fn(async () => fakeStream(track));
    const { s, accepted } = session({ loadDetector: async () => detector, getUserMedia });
    const video = fakeVideo();
    await s.start(video);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(s.camera).toBe('live');
    expect(s.reader).toBe('ready');
    expect(video.srcObject).not.toBeNull();
    await flush();
    expect(detector.looks).toBe(1);
    jest.advanceTimersByTime(10);
    await flush();
    expect(s.notice).toBe('noAddress'); // a code, but not an address
    jest.advanceTimersByTime(10);
    await flush();
    expect(accepted).toEqual(['0xabc']);
    expect(track.stopped).toBe(true);
    expect(video.srcObject).toBeNull();
    jest.advanceTimersByTime(100);
    await flush();
    expect(detector.looks).toBe(3); // no more looks once taken
  });

  it('camera denied: says so, and a photo can be read instead', async () => {
    const detector = new FakeDetector([code('0xphoto')]);
    const closed = jest.fn();
    const { s, accepted } = session({
      loadDetector: async () => detector,
      getUserMedia: async () => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })),
      decodeImage: async () => ({ close: closed }) as unknown as ImageBitmap,
    });
    await s.start(fakeVideo());
    expect(s.camera).toBe('denied');
    await s.readPhoto(new Blob(['x']));
    expect(accepted).toEqual(['0xphoto']);
    expect(closed).toHaveBeenCalled(); // the decoded bitmap is released
  });

  it('no camera API or no camera: unavailable', async () => {
    const a = session({ getUserMedia: undefined });
    await a.s.start(fakeVideo());
    expect(a.s.camera).toBe('unavailable');
    const b = session({ getUserMedia: async () => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' })) });
    await b.s.start(fakeVideo());
    expect(b.s.camera).toBe('unavailable');
  });

  it('a photo without a code, or one the browser cannot decode: notFound', async () => {
    const { s } = session({ getUserMedia: undefined, decodeImage: async () => Promise.reject(new Error('not an image')) });
    await s.start(fakeVideo());
    await s.readPhoto(new Blob(['x']));
    expect(s.notice).toBe('notFound');
    const other = session({ getUserMedia: undefined, decodeImage: async () => ({}) as ImageBitmap });
    await other.s.readPhoto(new Blob(['x']));
    expect(other.s.notice).toBe('notFound');
  });

  it('a reader that cannot load: failed, and the camera is let go', async () => {
    const track = new FakeTrack();
    const { s } = session({ loadDetector: async () => Promise.reject(new Error('wasm')), getUserMedia: async () => fakeStream(track) });
    await s.start(fakeVideo());
    expect(s.reader).toBe('failed');
    expect(track.stopped).toBe(true);
  });

  it('closed while the browser asks for the camera: the stream that comes later is stopped at once', async () => {
    const track = new FakeTrack();
    let grant: (stream: MediaStream) => void = () => undefined;
    const { s } = session({ getUserMedia: () => new Promise<MediaStream>((resolve) => (grant = resolve)) });
    const started = s.start(fakeVideo());
    s.stop();
    grant(fakeStream(track));
    await started;
    expect(track.stopped).toBe(true);
    expect(s.camera).toBe('off');
  });
});
