// The QR reader behind the scanner (§2): the browser's own BarcodeDetector where it reads QR codes, otherwise
// the barcode-detector ponyfill (zxing-wasm, its .wasm bundled with this remote), in a chunk of its own that is
// asked for only then.

export interface DetectedCode {
  rawValue: string;
}

/** The part of the Barcode Detection API the scanner uses. */
export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<readonly DetectedCode[]>;
}

export type LoadDetector = () => Promise<QrDetector>;

interface NativeDetectorClass {
  new (options?: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<readonly string[]>;
}

export const loadQrDetector: LoadDetector = async () => {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (typeof Native === 'function') {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
    } catch {
      // a native detector that cannot tell its formats: the ponyfill reads instead
    }
  }
  const { createPonyfillDetector } = await import(/* webpackChunkName: "qr-ponyfill" */ './ponyfill');
  return createPonyfillDetector();
};
