import type { RemotePageProps } from 'shared-contracts';
import { StaticPage } from './StaticPage';
import { useT } from './useT';
import styles from './pages.module.css';

export function SupportPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('support_title')}>
      <p className={styles.lead}>{t('support_text')}</p>
    </StaticPage>
  );
}
