import { pageParams, pageQuery, type RemotePageProps } from 'shared-contracts';
import { ExchangeScreen } from '../features/exchange/ExchangeScreen';
import { HowItWorks } from '../features/exchange/HowItWorks';
import { PairHeader } from '../features/exchange/PairHeader';
import { useT } from '../useT';

/** `/exchange-{from}-{to}`: the shell passes the codes as route params. */
export function ExchangePairPage({ host }: RemotePageProps) {
  const t = useT(host);
  const params = pageParams(host.route, 'mfe_exchange', 'ExchangePair');
  const from = params.from.toLowerCase();
  const to = params.to.toLowerCase();
  const { amount } = pageQuery(host.route, 'mfe_exchange', 'ExchangePair');
  return (
    <ExchangeScreen
      host={host}
      pairIn="path"
      title={t('pair_title', { from: from.toUpperCase(), to: to.toUpperCase() })}
      header={(form) => <PairHeader form={form} t={t} locale={host.locale.current} />}
      aside={(form) => <HowItWorks form={form} t={t} />}
      initial={{ from: from || undefined, to: to || undefined, amount, pairInPath: true }}
    />
  );
}
