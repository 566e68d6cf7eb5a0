// The Barcode Detection API ponyfill (barcode-detector → zxing-wasm) for browsers without a native QR reader.
// zxing-wasm fetches its .wasm from a CDN by default; this site depends on no CDN: the file is bundled by webpack
// as an asset of this remote (`new URL(…, import.meta.url)`) and zxing-wasm is pointed at it.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import type { QrDetector } from './detector';

const wasmUrl = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;

let ready: Promise<unknown> | null = null;

/** Loads and compiles the wasm once (so a failure shows when the scanner opens), then a QR-only detector. */
export async function createPonyfillDetector(): Promise<QrDetector> {
  ready ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  }).catch((error: unknown) => {
    ready = null; // the next opening tries again
    throw error;
  });
  await ready;
  return new BarcodeDetector({ formats: ['qr_code'] });
}
