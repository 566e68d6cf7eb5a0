import type { RemotePageProps } from 'shared-contracts';
import { StaticPage } from 'remote-kit/ui';
import { useT } from './useT';

/** `/status`: the service's health now, its 90-day history and incidents (issue 13). */
export function StatusPage({ host }: RemotePageProps) {
  const t = useT(host);
  return <StaticPage title={t('status_title')} />;
}
