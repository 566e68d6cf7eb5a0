import { observer } from 'mobx-react-lite';
import type { HostServices, LocaleCode, Roadmap, RoadmapStatus } from 'shared-contracts';
import { Badge, Card, StaticPage, type Tone, proseClass, textStyles } from 'remote-kit/ui';
import { fetchRoadmap } from '../../content/contentData';
import { ContentStatus } from '../../content/ContentStatus';
import { siteLinkClickHandler } from 'remote-kit/site-links';
import { useContentStore } from '../../content/useContentStore';
import { useT } from '../../useT';
import styles from './roadmap.module.css';

/** The groups in order (shared-contracts' ROADMAP_STATUSES is a type-only export in the browser entry). */
const GROUPS: readonly RoadmapStatus[] = ['done', 'in_progress', 'planned'];
const GROUP_TITLE = { done: 'roadmap_done', in_progress: 'roadmap_in_progress', planned: 'roadmap_planned' } as const;
const GROUP_TONE: Record<RoadmapStatus, Tone> = { done: 'success', in_progress: 'info', planned: 'neutral' };

/** The roadmap of one request (`requestKey`): the content file as three groups, done, in progress and planned. */
export const RoadmapView = observer(function RoadmapView({ host, requestKey, locale }: { host: HostServices; requestKey: string; locale: LocaleCode }) {
  const t = useT(host);
  const store = useContentStore(host, requestKey, () => fetchRoadmap(host.api, locale));
  return (
    <StaticPage title={t('roadmap_title')}>
      <p className={textStyles.text}>{t('roadmap_text')}</p>
      <ContentStatus host={host} store={store} loading={t('roadmap_loading')} failed={t('roadmap_load_failed')}>
        {(roadmap) => (
          // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates the clicks of the links in the items' text (links to posts and docs open inside the app)
          <div className={styles.groups} onClick={siteLinkClickHandler(host)}>
            {GROUPS.map((status) => (
              <RoadmapGroup key={status} host={host} status={status} items={roadmap.items.filter((i) => i.status === status)} />
            ))}
          </div>
        )}
      </ContentStatus>
    </StaticPage>
  );
});

function RoadmapGroup({ host, status, items }: { host: HostServices; status: RoadmapStatus; items: Roadmap['items'] }) {
  const t = useT(host);
  return (
    <Card title={t(GROUP_TITLE[status])} data-testid={`roadmap-group-${status}`} actions={<Badge tone={GROUP_TONE[status]}>{items.length}</Badge>}>
      {items.length === 0 ? (
        <p className={textStyles.muted}>{t('roadmap_group_empty')}</p>
      ) : (
        <ul className={styles.roadmapItems}>
          {items.map((item) => (
            <li key={item.id} className={styles.roadmapItem} data-testid="roadmap-item">
              <h3 className={styles.itemTitle}>{item.title}</h3>
              <p className={textStyles.muted}>{item.period ?? t('roadmap_unscheduled')}</p>
              <div className={proseClass('post')} dangerouslySetInnerHTML={{ __html: item.html }} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
