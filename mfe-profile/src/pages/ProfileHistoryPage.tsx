// Order history: the signed-in user's orders, newest first, one page at a time (`?page=` in the URL). Amounts in the
// locale with the instrument's displayed precision (§9), dates relative and live with the exact time on hover.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { OrderHistoryStore } from '../features/history/OrderHistoryStore';
import { HistoryView } from '../features/history/HistoryView';

function pageFromQuery(query: URLSearchParams): number {
  const n = Number(query.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const ProfileHistoryPage = observer(function ProfileHistoryPage({ host }: RemotePageProps) {
  const [store] = useState(() => new OrderHistoryStore(host.api));
  const authorised = host.session.isAuthorised;
  const page = pageFromQuery(host.route.query);
  useEffect(() => {
    if (!authorised) return;
    void host.trackLoading(store.load(page));
    void store.loadInstruments();
  }, [authorised, host, page, store]);
  return (
    <ProfileFrame host={host} titleKey="history_title">
      <HistoryView host={host} store={store} />
    </ProfileFrame>
  );
});
