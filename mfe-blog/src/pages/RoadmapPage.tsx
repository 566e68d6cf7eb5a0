import type { RemotePageProps } from 'shared-contracts';
import { Badge, Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import type { en } from '../i18n/en';
import styles from './blog.module.css';

type Key = keyof typeof en;

const NOW: Key[] = ['roadmap_now_1', 'roadmap_now_2', 'roadmap_now_3', 'roadmap_now_4'];
const NEXT: Key[] = ['roadmap_next_1', 'roadmap_next_2', 'roadmap_next_3', 'roadmap_next_4'];

export function RoadmapPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('roadmap_title')}>
      <p className={styles.text}>{t('roadmap_text')}</p>
      <div className={styles.columns}>
        <Card title={t('roadmap_now_title')} actions={<Badge tone="success">{t('roadmap_now_badge')}</Badge>}>
          <ul className={styles.list}>
            {NOW.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Card>
        <Card title={t('roadmap_next_title')} actions={<Badge tone="info">{t('roadmap_next_badge')}</Badge>}>
          <ul className={styles.list}>
            {NEXT.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Card>
      </div>
    </StaticPage>
  );
}
