import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/docs`: documentation home. The redoc explorer is a later issue (lazy, docs routes only). */
export function DocsPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('docs_title')}>
      <p className={styles.lead}>{t('docs_text')}</p>
    </StaticPage>
  );
}
