import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

export function RoadmapPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('roadmap_title')}>
      <p className={styles.lead}>{t('roadmap_text')}</p>
    </StaticPage>
  );
}
