import type { i18n as I18n } from 'i18next';
import type { ApiClient, HostConfig } from 'shared-contracts';
import { createMemoryRouter, pathOf } from '../routing/router';
import type { RootStore } from '../stores/RootStore';
import type { VisitRecords } from '../session/hostSession';
import { CurrentLocation } from './CurrentLocation';
import { createHostServices } from './createHostServices';

function homeHost(initialPath: string) {
  const router = createMemoryRouter(initialPath);
  const current = new CurrentLocation(router.state.location);
  const stop = current.follow(router);
  const host = createHostServices({
    stores: { session: {}, dialogs: {}, locale: { current: 'ru', prefix: '/ru' } } as unknown as RootStore,
    i18n: {} as I18n,
    api: {} as ApiClient,
    config: {} as HostConfig,
    visit: {} as VisitRecords,
    location: current.slotLocation('mfe_exchange', 'Home'),
    isCurrent: () => current.shows('mfe_exchange', 'Home'),
    navigate: (to, options) => void router.navigate(to, options),
    notFound: () => undefined,
  });
  return { router, host, stop };
}

describe('createHostServices setQuery', () => {
  it('replaces the query of the slot’s page while that page is current', () => {
    const { router, host, stop } = homeHost('/ru?send=usdttrc20&receive=btc');
    host.setQuery(new URLSearchParams('send=usdttrc20&receive=btc&amount=812.5'));
    expect(pathOf(router.state.location)).toBe('/ru?send=usdttrc20&receive=btc&amount=812.5');
    expect(router.state.historyAction).toBe('REPLACE');
    stop();
  });

  it('does nothing once another page is current (a late write of a slot about to unmount does not navigate back)', async () => {
    const { router, host, stop } = homeHost('/ru?send=usdttrc20&receive=btc&amount=812.5');
    expect(host.route.path).toBe('/'); // the page rendered with its route
    // the order was created: the exchange form navigates to the order page, and its slot is still mounted a moment
    await router.navigate('/ru/order/abc?destinationAddress=bc1q');
    // a rate tick re-solves the send amount of the form typed on the receive side: its query sync writes
    host.setQuery(new URLSearchParams('send=usdttrc20&receive=btc&amount=812.7'));
    expect(pathOf(router.state.location)).toBe('/ru/order/abc?destinationAddress=bc1q');
    // the slot keeps its page's last route meanwhile
    expect(host.route.path).toBe('/');
    stop();
  });
});
