// The pages of a list (`/blog/page{n}`, `/blog/{slug…}/page{n}`, §2): a labelled navigation with the way to newer and
// older articles, the first page and the current page. A list of one page needs none; page 1 is the list's own path
// (the pager never links to `…/page1`).
import { BLOG_PER_PAGE, type HostServices, pagePath } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { useT } from '../../useT';
import styles from './blog.module.css';

/** Page n of the list of every post (`category` null) or of a category's posts; page 1 is the list's own path. */
function listPath(category: string | null, page: number): string {
  const n = page > 1 ? page : undefined;
  return category === null ? pagePath('mfe_blog', 'Blog', { page: n }) : pagePath('mfe_blog', 'BlogPost', { slug: category, page: n });
}

function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / BLOG_PER_PAGE));
}

export function BlogPager({ host, page, category, total }: { host: HostServices; page: number; category: string | null; total: number }) {
  const t = useT(host);
  const last = lastPage(total);
  if (last <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('blog_pages_label')}>
      {page > 1 ? (
        <ButtonLink variant="secondary" render={(p) => <host.Link to={listPath(category, page - 1)} data-testid="blog-newer" {...p} />}>
          <span aria-hidden="true">←</span> {t('blog_newer')}
        </ButtonLink>
      ) : null}
      {page > 2 ? (
        <ButtonLink variant="ghost" render={(p) => <host.Link to={listPath(category, 1)} {...p} />}>
          {t('blog_first')}
        </ButtonLink>
      ) : null}
      <span className={styles.current} aria-current="page" data-testid="blog-page-indicator" data-page={page}>
        {t('blog_page', { page })}
      </span>
      {page < last ? (
        <ButtonLink variant="secondary" render={(p) => <host.Link to={listPath(category, page + 1)} data-testid="blog-older" {...p} />}>
          {t('blog_older')} <span aria-hidden="true">→</span>
        </ButtonLink>
      ) : null}
    </nav>
  );
}
