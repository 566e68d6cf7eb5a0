// Document images of an identity verification (issue 12): the type is decided by the file's bytes (file-type), never by
// its name or the part's header; only JPEG, PNG and WebP are taken. Each image is decoded and re-encoded to JPEG
// (rotated by its EXIF orientation first), which drops every metadata block (EXIF, GPS, XMP, ICC, comments) and
// anything glued before or after the picture (polyglots).
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

const ALLOWED = new Map([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
/** Larger pictures are refused before decoding (decompression bombs). */
const MAX_DOCUMENT_PIXELS = 40_000_000;
/** Stored images are at most this wide or high: enough to read a document, bounded in size. */
const MAX_SIDE = 4096;

export class DocumentImageError extends Error {}

export async function reencodeDocument(input: Buffer): Promise<Buffer> {
  const sniffed = await fileTypeFromBuffer(input);
  if (!sniffed || !ALLOWED.has(sniffed.mime)) {
    throw new DocumentImageError(`not a JPEG, PNG or WebP image${sniffed ? ` (the content is ${sniffed.mime})` : ''}`);
  }
  try {
    const image = sharp(input, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error', pages: 1 });
    const meta = await image.metadata();
    // The decoder must agree with the sniffed type (a file cannot be one thing to file-type and another to libvips).
    if (meta.format !== ALLOWED.get(sniffed.mime)) throw new DocumentImageError('the image data does not match its type');
    if (!meta.width || !meta.height) throw new DocumentImageError('the image has no size');
    if (meta.width * meta.height > MAX_DOCUMENT_PIXELS) throw new DocumentImageError(`larger than ${MAX_DOCUMENT_PIXELS / 1_000_000} megapixels`);
    return await image.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer();
  } catch (err) {
    if (err instanceof DocumentImageError) throw err;
    const message =
      err instanceof Error && /pixel limit/i.test(err.message) ? `larger than ${MAX_DOCUMENT_PIXELS / 1_000_000} megapixels` : 'not a readable image';
    throw new DocumentImageError(message);
  }
}
