// Popular exchanges list (§3 Popular exchange): idle → loading → ready | empty | failed. Issue 25: each pair is shown
// as the coin picker shows a coin (the instruments' names, networks, logos), with its current rate; a pair's rate
// loads on its own (public rate of the pair at its default amount, as the form's first quote) and a failed one
// leaves only that row without a rate. Issue 27: the server loads the list too (`loadPopularSnapshot`, the page's
// loader) and the page starts from it (`restore`), so the table is in the first HTML and nothing moves on hydration.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient, Instrument, PairData } from 'shared-contracts';

export type PopularExchange = Awaited<ReturnType<ApiClient['popularExchanges']>>[number];

export type PopularStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'failed';

export type PopularExchangesApi = Pick<ApiClient, 'popularExchanges' | 'instrumentsV2' | 'rateOne'>;

/** What a pair's rate line shows of its quote (`rateLine`): the price and the two codes, at the receive coin's decimals. */
interface PopularPrice {
  price: PairData['price'];
  instrumentFrom: Pick<Instrument, 'currencyTitle'>;
  instrumentTo: Pick<Instrument, 'currencyTitle' | 'precisionDecimals'>;
}

/** A pair's rate: loading, the price of its current quote, or unavailable. */
export type PopularRate = { state: 'loading' } | { state: 'ready'; pair: PopularPrice } | { state: 'failed' };

/**
 * The list as the server loaded it, handed back as `host.initialData` (JSON in the HTML): the active pairs, the
 * instruments they name (not the whole list) and each pair's rate, ready or failed.
 */
export interface PopularSnapshot {
  kind: 'mfe_exchange.popular';
  items: PopularExchange[];
  instruments: Instrument[];
  rates: [string, PopularRate][];
}

export function isPopularSnapshot(value: unknown): value is PopularSnapshot {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'mfe_exchange.popular';
}

const priceOf = (pair: PairData): PopularPrice => ({
  price: pair.price,
  instrumentFrom: { currencyTitle: pair.instrumentFrom.currencyTitle },
  instrumentTo: { currencyTitle: pair.instrumentTo.currencyTitle, precisionDecimals: pair.instrumentTo.precisionDecimals },
});

export interface PopularPair {
  key: string;
  fromSlug: string;
  toSlug: string;
  /** The instruments (names, networks, logos); null when the instrument list could not be loaded. */
  from: Instrument | null;
  to: Instrument | null;
  /** The api's names of the pair ("BTC", "CARDUSD"): shown only without the instruments. */
  fromFallbackName: string;
  toFallbackName: string;
  rate: PopularRate;
}

const keyOf = (p: Pick<PopularExchange, 'fromSlug' | 'toSlug'>) => `${p.fromSlug}-${p.toSlug}`;

export class PopularExchangesStore {
  status: PopularStatus = 'idle';
  items: PopularExchange[] = [];
  instruments: ReadonlyMap<string, Instrument> = new Map();
  rates: ReadonlyMap<string, PopularRate> = new Map();
  private disposed = false;

  constructor(
    private readonly api: PopularExchangesApi,
    /** Only the first this many pairs (home's strip beside the form); all of them by default. */
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {
    makeObservable<PopularExchangesStore, 'setRate'>(this, {
      status: observable,
      items: observableRef,
      instruments: observableRef,
      rates: observableRef,
      pairs: computed,
      load: action,
      restore: action,
      setRate: action,
    });
  }

  get pairs(): PopularPair[] {
    return this.items.map((p) => ({
      key: keyOf(p),
      fromSlug: p.fromSlug,
      toSlug: p.toSlug,
      from: this.instruments.get(p.fromSlug) ?? null,
      to: this.instruments.get(p.toSlug) ?? null,
      fromFallbackName: p.fromBestChangeCurrencyName,
      toFallbackName: p.toBestChangeCurrencyName,
      rate: this.rates.get(keyOf(p)) ?? { state: 'loading' },
    }));
  }

  async load(): Promise<void> {
    this.status = 'loading';
    // the names are a nicety: without them the list still shows (by the api's names)
    const instruments = this.api.instrumentsV2({ query: {} }).catch((error: unknown) => {
      console.warn('[mfe-exchange] instruments unavailable for the popular exchanges', error);
      return [] as Instrument[];
    });
    let list: PopularExchange[];
    try {
      list = (await this.api.popularExchanges()).filter((p) => p.isActive).slice(0, this.limit);
    } catch (error) {
      if (this.disposed) return;
      console.warn('[mfe-exchange] popular exchanges unavailable', error);
      runInAction(() => {
        this.items = [];
        this.status = 'failed';
      });
      return;
    }
    const known = await instruments;
    if (this.disposed) return;
    runInAction(() => {
      this.instruments = new Map(known.map((i) => [i.slug, i]));
      this.items = list;
      this.status = list.length > 0 ? 'ready' : 'empty';
    });
    await Promise.all(list.map((p) => this.loadRate(p)));
  }

  /** The loaded list as JSON (the server's first view); undefined unless it loaded (a failed list is the browser's to retry). */
  snapshot(): PopularSnapshot | undefined {
    if (this.status !== 'ready' && this.status !== 'empty') return undefined;
    const named = new Set(this.items.flatMap((p) => [p.fromSlug, p.toSlug]));
    return {
      kind: 'mfe_exchange.popular',
      items: this.items,
      instruments: [...this.instruments.values()].filter((i) => named.has(i.slug)),
      rates: [...this.rates.entries()],
    };
  }

  /** Starts from the server's list: shown at once, as it was rendered, with nothing to load. */
  restore(snapshot: PopularSnapshot): void {
    this.instruments = new Map(snapshot.instruments.map((i) => [i.slug, i]));
    this.items = snapshot.items;
    this.rates = new Map(snapshot.rates);
    this.status = snapshot.items.length > 0 ? 'ready' : 'empty';
  }

  private async loadRate(p: PopularExchange): Promise<void> {
    try {
      const pair = await this.api.rateOne({ query: { instrumentFromSlug: p.fromSlug, instrumentToSlug: p.toSlug, rateMode: 'FLOATING' } });
      if (!this.disposed) this.setRate(keyOf(p), { state: 'ready', pair: priceOf(pair) });
    } catch (error) {
      if (this.disposed) return;
      console.warn(`[mfe-exchange] popular exchange ${keyOf(p)}: no rate`, error);
      this.setRate(keyOf(p), { state: 'failed' });
    }
  }

  private setRate(key: string, rate: PopularRate): void {
    const next = new Map(this.rates);
    next.set(key, rate);
    this.rates = next;
  }

  dispose(): void {
    this.disposed = true;
  }
}

/**
 * The page's loader (contract 1.2): what the browser's store loads on start, loaded by the server (names, then every
 * pair's rate), as JSON. undefined when the list does not load: the browser tries then, as after a client navigation.
 */
export async function loadPopularSnapshot(api: PopularExchangesApi): Promise<PopularSnapshot | undefined> {
  const store = new PopularExchangesStore(api);
  await store.load();
  store.dispose();
  return store.snapshot();
}
