/** The API reference page: its intro comes from content, Redoc and the try-it console are added under it. */
export const REFERENCE_SLUG = 'api-reference';

/** Redoc's own links (`/docs/api-reference/tag/…`) land on the reference page too. */
export function isReferenceSlug(slug: string | null): boolean {
  return slug === REFERENCE_SLUG || (slug?.startsWith(`${REFERENCE_SLUG}/`) ?? false);
}
