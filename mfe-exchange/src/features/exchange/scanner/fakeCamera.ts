// Stand-ins for the camera and the QR reader (jsdom has neither).
import type { DetectedCode, QrDetector } from './detector';

/** A reader that finds, look after look, the codes queued for it (nothing once the queue is empty). */
export class FakeDetector implements QrDetector {
  looks = 0;
  constructor(private readonly queue: (readonly DetectedCode[])[] = []) {}
  async detect(): Promise<readonly DetectedCode[]> {
    this.looks++;
    return this.queue.shift() ?? [];
  }
}

export class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

export function fakeStream(track = new FakeTrack()): MediaStream {
  return { getTracks: () => [track] } as unknown as MediaStream;
}
