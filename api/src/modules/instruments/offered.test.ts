import { catalogueRepo } from '../../../test/helpers/catalogue';
import { offeredWhere } from './offered';

describe('instruments offered with SANDBOX_MODE off (issue 28)', () => {
  const repo = catalogueRepo();
  const offered = offeredWhere(repo, (i) => ['eth', 'usdterc20'].includes(i.slug));

  it('keeps the networks with real custody and the fiat ones, and switches the other crypto networks off', () => {
    expect(offered.bySlug('eth')?.isActive).toBe(true);
    expect(offered.bySlug('usdterc20')?.public.isActive).toBe(true);
    expect(offered.bySlug('btc')?.isActive).toBe(false);
    expect(offered.bySlug('btc')?.public.isActive).toBe(false);
    expect(offered.byBestChangeName('BTC')?.isActive).toBe(false);
    const fiat = repo.all().find((i) => i.isFiat && i.isActive);
    if (fiat) expect(offered.bySlug(fiat.slug)?.isActive).toBe(true);
    const active = offered
      .all()
      .filter((i) => i.isActive && !i.isFiat)
      .map((i) => i.slug);
    expect(active.sort()).toEqual(['eth', 'usdterc20']);
  });

  it('answers the same list object until the catalogue reloads', () => {
    expect(offered.all()).toBe(offered.all());
  });
});
