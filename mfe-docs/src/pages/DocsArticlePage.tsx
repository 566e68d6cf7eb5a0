import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/docs/{slug}` (page name `DocsPage`). An observer: follows the slug. */
export const DocsArticlePage = observer(function DocsArticlePage({ host }: RemotePageProps) {
  const t = useT(host);
  const { slug } = pageParams(host.route, 'mfe_docs', 'DocsPage');
  return (
    <StaticPage title={t('docs_page_title')}>
      {slug ? <p className={styles.muted}>{t('section', { slug })}</p> : null}
      <p className={styles.lead}>{t('docs_page_text')}</p>
    </StaticPage>
  );
});
