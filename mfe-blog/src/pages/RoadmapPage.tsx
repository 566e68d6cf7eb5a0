import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { roadmapKey } from '../content/contentData';
import { RoadmapView } from '../features/roadmap/RoadmapView';

/** `/roadmap` (§2): the roadmap's content file as three groups, done, in progress and planned. */
export const RoadmapPage = observer(function RoadmapPage({ host }: RemotePageProps) {
  const locale = host.locale.current;
  const key = roadmapKey(locale);
  return <RoadmapView key={key} requestKey={key} host={host} locale={locale} />;
});
