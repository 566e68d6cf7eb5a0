import type { RemotePageProps } from 'shared-contracts';
import { ButtonLink, Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import styles from './docs.module.css';

/** `/docs`: documentation home. The redoc explorer is a later issue (lazy, docs routes only). */
export function DocsPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('docs_title')}>
      <div className={styles.columns}>
        <Card title={t('docs_api_title')}>
          <p className={styles.text}>{t('docs_text')}</p>
        </Card>
        <Card title={t('docs_help_title')}>
          <p className={styles.text}>{t('docs_help_text')}</p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" render={(p) => <host.Link to="/support" {...p} />}>
              {t('docs_support')}
            </ButtonLink>
          </div>
        </Card>
      </div>
    </StaticPage>
  );
}
