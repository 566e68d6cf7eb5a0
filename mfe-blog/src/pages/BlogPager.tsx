// The pages of a list (`/blog/page{page}`, `/blog/{slug}/page{page}`): a labelled navigation with the way back to
// newer articles and the current page. The first page of a list needs none.
import type { HostServices } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { useT } from './useT';
import styles from './blog.module.css';

/** The list page of `/blog/page{page}` and `/blog/{slug}/page{page}`: 1 without the param (the shell validates it). */
export function listPage(param: string | undefined): number {
  const page = Number(param ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** `base` is the list's first page (`/blog`, `/blog/{slug}`); page n > 1 is `{base}/page{n}`. */
function pagePath(base: string, page: number): string {
  return page > 1 ? `${base}/page${page}` : base;
}

export function BlogPager({ host, page, base }: { host: HostServices; page: number; base: string }) {
  const t = useT(host);
  if (page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('blog_pages_label')}>
      <ButtonLink variant="secondary" render={(p) => <host.Link to={pagePath(base, page - 1)} {...p} />}>
        <span aria-hidden="true">←</span> {t('blog_newer')}
      </ButtonLink>
      {page > 2 && (
        <ButtonLink variant="ghost" render={(p) => <host.Link to={base} {...p} />}>
          {t('blog_first')}
        </ButtonLink>
      )}
      <span className={styles.current} aria-current="page" data-testid="blog-page-indicator" data-page={page}>
        {t('blog_page', { page })}
      </span>
    </nav>
  );
}
