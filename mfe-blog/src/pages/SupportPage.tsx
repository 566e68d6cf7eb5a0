import type { RemotePageProps } from 'shared-contracts';
import { ButtonLink, Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import styles from './blog.module.css';

export function SupportPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('support_title')}>
      <div className={styles.columns}>
        <Card title={t('support_order_title')}>
          <p className={styles.text}>{t('support_order_text')}</p>
        </Card>
        <Card title={t('support_contacts_title')}>
          <p className={styles.text}>{t('support_text')}</p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" render={(p) => <host.Link to="/docs" {...p} />}>
              {t('support_docs')}
            </ButtonLink>
          </div>
        </Card>
      </div>
    </StaticPage>
  );
}
