// Issue 28: what a real deployment (SANDBOX_MODE=false) offers. A crypto instrument whose custody is only the simulated
// chain can never take a coin for real, so it is shown and quoted as inactive (like an instrument switched off);
// fiat instruments are offered by their card provider (modules/provider), not by custody.
import type { InstrumentRecord, InstrumentRepo } from './repo';

export function offeredWhere(repo: InstrumentRepo, hasRealCustody: (instrument: InstrumentRecord) => boolean): InstrumentRepo {
  const views = new WeakMap<InstrumentRecord, InstrumentRecord>();
  const view = (r: InstrumentRecord): InstrumentRecord => {
    if (r.isFiat || !r.isActive || hasRealCustody(r)) return r;
    let inactive = views.get(r);
    if (!inactive) {
      inactive = { ...r, isActive: false, public: { ...r.public, isActive: false } };
      views.set(r, inactive);
    }
    return inactive;
  };
  // all() is read per request: the mapped list is kept until the underlying one changes (a reload)
  let source: readonly InstrumentRecord[] | null = null;
  let mapped: readonly InstrumentRecord[] = [];
  const maybe = (r: InstrumentRecord | undefined) => (r ? view(r) : undefined);
  return {
    load: () => repo.load(),
    all() {
      const list = repo.all();
      if (list !== source) {
        source = list;
        mapped = list.map(view);
      }
      return mapped;
    },
    bySlug: (slug) => maybe(repo.bySlug(slug)),
    byBestChangeName: (name) => maybe(repo.byBestChangeName(name)),
    byTitles: (currencyTitle, networkTitle) => maybe(repo.byTitles(currencyTitle, networkTitle)),
  };
}
