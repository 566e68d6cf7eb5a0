// The pages of a list (`/blog/page{n}`, `/blog/{slug…}/page{n}`, §2): a labelled navigation with the way to newer and
// older articles, the first page and the current page. A list of one page needs none; page 1 is the list's own path
// (the pager never links to `…/page1`).
import { BLOG_PER_PAGE, type HostServices } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { useT } from '../../useT';
import styles from './blog.module.css';

/** `base` is the list's first page (`/blog`, `/blog/{slug}`); page n > 1 is `{base}/page{n}`. */
function pagePath(base: string, page: number): string {
  return page > 1 ? `${base}/page${page}` : base;
}

function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / BLOG_PER_PAGE));
}

export function BlogPager({ host, page, base, total }: { host: HostServices; page: number; base: string; total: number }) {
  const t = useT(host);
  const last = lastPage(total);
  if (last <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('blog_pages_label')}>
      {page > 1 ? (
        <ButtonLink variant="secondary" render={(p) => <host.Link to={pagePath(base, page - 1)} data-testid="blog-newer" {...p} />}>
          <span aria-hidden="true">←</span> {t('blog_newer')}
        </ButtonLink>
      ) : null}
      {page > 2 ? (
        <ButtonLink variant="ghost" render={(p) => <host.Link to={base} {...p} />}>
          {t('blog_first')}
        </ButtonLink>
      ) : null}
      <span className={styles.current} aria-current="page" data-testid="blog-page-indicator" data-page={page}>
        {t('blog_page', { page })}
      </span>
      {page < last ? (
        <ButtonLink variant="secondary" render={(p) => <host.Link to={pagePath(base, page + 1)} data-testid="blog-older" {...p} />}>
          {t('blog_older')} <span aria-hidden="true">→</span>
        </ButtonLink>
      ) : null}
    </nav>
  );
}
