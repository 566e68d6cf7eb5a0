// One opening of the QR scanner (§2): the camera and the reader start together; every few frames the reader looks
// at the video; a photo can be read instead. Ends when a code is taken or the dialog closes (stop(): the camera's
// tracks stop, so the browser's camera indicator goes off).
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { DetectedCode, LoadDetector, QrDetector } from './detector';

type CameraState = 'starting' | 'live' | 'denied' | 'unavailable' | 'off';
type ReaderState = 'loading' | 'ready' | 'failed';
/** The last thing worth telling about a code: reading a photo, no code in it, a code without an address. */
type ScanNotice = 'reading' | 'notFound' | 'noAddress' | null;

type DecodedImage = ImageBitmapSource & { close?(): void };

export interface ScannerDeps {
  loadDetector: LoadDetector;
  /** navigator.mediaDevices.getUserMedia; absent where the page has no camera API (an old browser, plain http). */
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** createImageBitmap */
  decodeImage?: (file: Blob) => Promise<DecodedImage>;
  /** A code was read: true when it filled the field (the dialog then closes), false when it holds nothing for it. */
  accept(raw: string): boolean;
  /** Between two looks at the video. */
  intervalMs?: number;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to look at. */
const HAVE_CURRENT_DATA = 2;

export function browserScannerDeps(): Pick<ScannerDeps, 'getUserMedia' | 'decodeImage'> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  return {
    getUserMedia: media?.getUserMedia ? (c) => media.getUserMedia(c) : undefined,
    decodeImage: typeof createImageBitmap === 'function' ? (file) => createImageBitmap(file) : undefined,
  };
}

function isDenied(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export class ScannerSession {
  camera: CameraState = 'starting';
  reader: ReaderState = 'loading';
  notice: ScanNotice = null;

  private detector: Promise<QrDetector | null> | null = null;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by stop(): whatever an earlier start() still awaits finds itself stale and undoes its work. */
  private run = 0;
  private taken = false;
  /** A code already found to hold no address: not reported again frame after frame. */
  private rejected = '';

  constructor(private readonly deps: ScannerDeps) {
    makeObservable<ScannerSession, 'setCamera'>(this, {
      camera: observable,
      reader: observable,
      notice: observable,
      setCamera: action,
      stop: action,
    });
  }

  private setCamera(state: CameraState): void {
    this.camera = state;
  }

  private loadDetector(): Promise<QrDetector | null> {
    this.detector ??= this.deps.loadDetector().then(
      (detector) => {
        runInAction(() => (this.reader = 'ready'));
        return detector;
      },
      () => {
        runInAction(() => (this.reader = 'failed'));
        return null;
      },
    );
    return this.detector;
  }

  /** Asks for the camera (the back one on a phone) and loads the reader, then looks for a code in the video. */
  async start(video: HTMLVideoElement | null): Promise<void> {
    const run = ++this.run;
    this.taken = false;
    this.setCamera('starting');
    const detector = this.loadDetector();
    const { getUserMedia } = this.deps;
    if (!getUserMedia || !video) {
      this.setCamera('unavailable');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    } catch (error) {
      if (run === this.run) this.setCamera(isDenied(error) ? 'denied' : 'unavailable');
      return;
    }
    if (run !== this.run) {
      stopTracks(stream); // closed while the browser was asking
      return;
    }
    this.stream = stream;
    this.video = video;
    video.srcObject = stream;
    try {
      await video.play();
    } catch {
      // autoplay of a muted inline video is allowed; a refusal still leaves frames to read once it plays
    }
    if (run !== this.run) return;
    this.setCamera('live');
    const reader = await detector;
    if (run !== this.run) return;
    if (!reader) {
      this.stop(); // no reader: the camera is of no use
      return;
    }
    this.look(run, reader);
  }

  private look(run: number, reader: QrDetector): void {
    const next = () => {
      if (run === this.run && !this.taken) this.timer = setTimeout(() => this.look(run, reader), this.deps.intervalMs ?? 250);
    };
    const video = this.video;
    if (run !== this.run || !video) return;
    if (video.readyState < HAVE_CURRENT_DATA) {
      next();
      return;
    }
    reader.detect(video).then(
      (codes) => {
        if (run === this.run && !this.take(codes, true)) next();
      },
      () => next(), // a frame the reader could not use: the next one
    );
  }

  /** The first code that fills the field; otherwise tells why none did. */
  private take(codes: readonly DetectedCode[], fromVideo: boolean): boolean {
    for (const { rawValue } of codes) {
      if (fromVideo && rawValue === this.rejected) continue;
      if (this.deps.accept(rawValue)) {
        this.taken = true;
        this.stop();
        return true;
      }
      this.rejected = rawValue;
      runInAction(() => (this.notice = 'noAddress'));
    }
    return false;
  }

  /** Reads the QR code in a photo (taken or chosen instead of the live camera). */
  async readPhoto(file: Blob): Promise<void> {
    runInAction(() => (this.notice = 'reading'));
    const reader = await this.loadDetector();
    if (!reader) {
      runInAction(() => (this.notice = null));
      return;
    }
    let image: DecodedImage | null = null;
    let codes: readonly DetectedCode[] = [];
    try {
      image = this.deps.decodeImage ? await this.deps.decodeImage(file) : file;
      codes = await reader.detect(image);
    } catch {
      codes = []; // not an image the browser can read
    } finally {
      image?.close?.();
    }
    if (this.taken) return;
    if (codes.length === 0) runInAction(() => (this.notice = 'notFound'));
    else this.take(codes, false);
  }

  /** Stops the camera and the reading. */
  stop(): void {
    this.run++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    stopTracks(this.stream);
    this.stream = null;
    if (this.video) this.video.srcObject = null;
    this.video = null;
    if (this.camera === 'live' || this.camera === 'starting') this.camera = 'off';
  }
}
