import type { RemotePageProps } from 'shared-contracts';
import { StaticPage } from './StaticPage';
import { useT } from './useT';
import styles from './pages.module.css';

export function RoadmapPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('roadmap_title')}>
      <p className={styles.lead}>{t('roadmap_text')}</p>
    </StaticPage>
  );
}
