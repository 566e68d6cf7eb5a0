import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { ButtonLink, Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import styles from './docs.module.css';

/** `/docs/{slug}` (page name `DocsPage`). An observer: follows the slug. */
export const DocsArticlePage = observer(function DocsArticlePage({ host }: RemotePageProps) {
  const t = useT(host);
  const { slug } = pageParams(host.route, 'mfe_docs', 'DocsPage');
  return (
    <StaticPage title={t('docs_page_title')}>
      {slug ? <p className={styles.muted}>{t('section', { slug })}</p> : null}
      <Card as="article">
        <p className={styles.text}>{t('docs_page_text')}</p>
        <div className={styles.actions}>
          <ButtonLink variant="secondary" render={(p) => <host.Link to="/docs" {...p} />}>
            {t('docs_back')}
          </ButtonLink>
        </div>
      </Card>
    </StaticPage>
  );
});
