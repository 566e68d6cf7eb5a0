import { pageStyles as styles } from 'remote-kit/ui';

/** The list page of `/blog/page{page}` and `/blog/{slug}/page{page}`: 1 without the param (the shell validates it). */
export function listPage(param: string | undefined): number {
  const page = Number(param ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Shown from the second page of a list on (the first page needs no indicator). */
export function BlogPageIndicator({ page, label }: { page: number; label: string }) {
  if (page <= 1) return null;
  return (
    <p className={styles.muted} data-testid="blog-page-indicator" data-page={page}>
      {label}
    </p>
  );
}
