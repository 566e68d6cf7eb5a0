export const MIME: Record<string, string>;
export const NO_CACHE: string;
export const IMMUTABLE: string;
export function cacheControlFor(filePath: string): string;
export function acceptedEncodings(acceptEncoding: string | undefined): ('br' | 'gzip')[];
export interface StaticFile {
  file: string;
  size: number;
  /** the original file's content type */
  type: string;
  /** set when a compressed sibling is served */
  encoding?: 'br' | 'gzip';
  /** the answer depends on Accept-Encoding */
  vary: boolean;
  cacheControl: string;
}
export function resolveStatic(root: string, urlPath: string, acceptEncoding?: string): StaticFile | undefined;
export function staticHeaders(found: StaticFile): Record<string, string>;
