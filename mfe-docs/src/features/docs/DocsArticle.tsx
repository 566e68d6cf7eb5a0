import type { ReactNode } from 'react';
import type { DocsPage, HostServices } from 'shared-contracts';
import { textStyles } from 'remote-kit/ui';
import { useT } from '../../useT';
import { DocsContent } from './DocsContent';
import { SiteLink } from 'remote-kit/site-links';
import styles from './docs.module.css';

/** A docs page's body: the fallback notice, "on this page" (the page's headings), the text, then what the page adds. */
export function DocsArticle({ host, page, children }: { host: HostServices; page: DocsPage; children?: ReactNode }) {
  const t = useT(host);
  const toc = page.headings.filter((h) => h.level === 2 || h.level === 3);
  return (
    <article className={styles.article} data-testid="docs-article" data-slug={page.slug}>
      <p className={styles.muted}>
        {page.description} <span className={styles.updated}>{t('updated', { date: page.updatedAt })}</span>
      </p>
      {page.fallback ? (
        <p className={textStyles.notice} role="note" data-testid="docs-fallback">
          {t('fallback_notice')}
        </p>
      ) : null}
      {toc.length > 1 ? (
        <nav aria-label={t('toc_title')} className={styles.toc} data-testid="docs-toc">
          <h2 className={styles.tocTitle}>{t('toc_title')}</h2>
          <ul className={styles.tocList}>
            {toc.map((h) => (
              <li key={h.id} className={h.level === 3 ? styles.tocNested : undefined}>
                <SiteLink host={host} to={`${host.route.path}#${h.id}`}>
                  {h.text}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <DocsContent host={host} html={page.html} />
      {children}
    </article>
  );
}
