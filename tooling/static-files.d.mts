export const MIME: Record<string, string>;
export const NO_CACHE: string;
export const IMMUTABLE: string;
export function cacheControlFor(filePath: string): string;
export function resolveStatic(root: string, urlPath: string): { file: string; size: number; type: string } | undefined;
