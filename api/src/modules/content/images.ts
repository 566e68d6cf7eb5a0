// The images of blog posts and docs pages: every file of content/images, read once at start-up with its dimensions
// (image-size), so rendered pages carry width and height (no layout shift) and the route serves bytes from memory.
// Only these files are ever served: a name is a key of this map, never a path on disk.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { CONTENT_IMAGE_PATH, ContentError } from './markdown';

const IMAGE_TYPES = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
/** The contentImage route's own rule for a name (shared-contracts src/domains/content/routes.ts). */
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp)$/;

export interface ContentImageFile {
  /** Where pages load it: the route plus a content hash, so the year-long immutable cache never serves an old file. */
  src: string;
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
}

export type ImageCatalogue = ReadonlyMap<string, ContentImageFile>;

/** Reads content/images; a missing folder is an empty catalogue, a file with a bad name or no dimensions a ContentError. */
export async function loadImages(dir: string): Promise<ImageCatalogue> {
  const images = new Map<string, ContentImageFile>();
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return images;
    throw err;
  }
  for (const name of names.sort()) {
    if (name.startsWith('.') || name.toLowerCase() === 'readme.md') continue;
    const file = path.join(dir, name);
    const match = IMAGE_NAME.exec(name);
    if (!match) throw new ContentError(`${file}: an image name is lowercase letters, digits and hyphens with .svg, .png, .jpg or .webp`);
    const bytes = await readFile(file);
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch (err) {
      throw new ContentError(`${file}: not a readable image (${(err as Error).message})`);
    }
    if (!size.width || !size.height) throw new ContentError(`${file}: the image has no width and height (an SVG needs width/height or a viewBox)`);
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    images.set(name, {
      src: `${CONTENT_IMAGE_PATH}${name}?v=${version}`,
      width: Math.round(size.width),
      height: Math.round(size.height),
      contentType: IMAGE_TYPES[match[1] as keyof typeof IMAGE_TYPES],
      bytes,
    });
  }
  return images;
}
