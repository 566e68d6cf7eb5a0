import type { RemotePageProps } from 'shared-contracts';
import { ExchangeScreen } from './ExchangeScreen';
import { useT } from './useT';

export function HomePage({ host }: RemotePageProps) {
  const t = useT(host);
  return <ExchangeScreen host={host} title={t('home_title')} initial={{ from: host.route.query.get('send') ?? undefined, to: host.route.query.get('receive') ?? undefined, amount: host.route.query.get('amount') }} />;
}
