import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { SharedEncoding } from './compress';

const read = (stream: Readable) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b } as const;

describe('SharedEncoding: one compression of a page for every response reading it', () => {
  it.each(['br', 'gzip', 'identity'] as const)(
    '(%s) a reader from the start, one joining mid-way and one after the end all get the whole page',
    async (encoding) => {
      let finish: (rest: string) => void = () => undefined;
      const tail = new Promise<string>((resolve) => {
        finish = resolve;
      });
      const shared = new SharedEncoding(encoding, '<head>styles</head><body>', tail);
      const early = read(shared.reader());
      await new Promise((r) => setImmediate(r));
      const middle = read(shared.reader());
      finish(`<main>${'rate '.repeat(2000)}</main></body>`);
      const whole = `<head>styles</head><body><main>${'rate '.repeat(2000)}</main></body>`;
      expect(decode[encoding](await early).toString()).toBe(whole);
      expect(decode[encoding](await middle).toString()).toBe(whole);
      expect(decode[encoding](await read(shared.reader())).toString()).toBe(whole);
    },
  );

  it('the head is decodable before the tail exists: the compressor is flushed after it', async () => {
    const head = '<head><title>Swap</title></head>';
    const shared = new SharedEncoding('gzip', head, new Promise<string>(() => undefined));
    const reader = shared.reader();
    const chunks: Buffer[] = [];
    const decoded = () => {
      try {
        return gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
      } catch {
        return ''; // a chunk cut inside a deflate block: wait for the next one
      }
    };
    // No fixed wait (zlib runs on the thread pool, slow on a loaded machine): without the flush the head never
    // becomes decodable and the test runs into jest's timeout.
    await new Promise<void>((resolve) =>
      reader.on('data', (c: Buffer) => {
        chunks.push(c);
        if (decoded() === head) resolve();
      }),
    );
    expect(decoded()).toBe(head);
    reader.destroy();
  });

  it('a tail that fails ends the document where it is instead of hanging the response', async () => {
    const shared = new SharedEncoding('identity', '<head></head>', Promise.reject(new Error('render failed')));
    expect((await read(shared.reader())).toString()).toBe('<head></head>');
  });
});
