import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/docs/{slug}` (page name `DocsPage`). */
export function DocsArticlePage({ host }: RemotePageProps) {
  const t = useT(host);
  const slug = host.route.params.slug;
  return (
    <StaticPage title={t('docs_page_title')}>
      {slug ? <p className={styles.muted}>{t('section', { slug })}</p> : null}
      <p className={styles.lead}>{t('docs_page_text')}</p>
    </StaticPage>
  );
}
