// The pure pieces of the exchange form's first load (§2 query and default pair, §5 amounts): which instruments,
// pair and amount the form starts with, and the §3 exchange request of a form state. Shared by the form store and
// the server's page loader, so the selection rules exist once.
import { DEFAULT_AMOUNT, type ApiClient, type DefaultPair, type ExchangeRequest, type Instrument, type RateMode } from 'shared-contracts';
import { cleanNumericInput, isPositiveAmount, toMoney } from 'remote-kit/format';

export interface InitialSelection {
  from?: string;
  to?: string;
  amount?: string | null;
  /**
   * The pair is the page's address (`/exchange-{from}-{to}`): a code that is no instrument is reported in
   * `unknownSlugs` (the page is a 404, §2). Elsewhere (home's `send`/`receive` query) it falls back to the defaults.
   */
  pairInPath?: boolean;
}

interface FirstSelection {
  /** the active instruments */
  instruments: Instrument[];
  from: Instrument | null;
  to: Instrument | null;
  valueToSend: string;
  /** slugs asked for by the route but not among the instruments */
  unknownSlugs: string[];
  /** No amount in the query and a crypto sender: the api's recommended amount for the pair replaces valueToSend. */
  wantsRecommendedAmount: boolean;
}

/** §1 a fiat instrument is only ever sent (a card purchase): a pair never receives fiat. */
export const isFiat = (i: Pick<Instrument, 'instrumentType'> | null | undefined): boolean => i?.instrumentType === 'fiat';

export function findBySlug(instruments: readonly Instrument[], slug: string | null | undefined): Instrument | undefined {
  return slug ? instruments.find((i) => i.slug === slug.toLowerCase()) : undefined;
}

/**
 * The route's choice, else the default pair's, else the first instruments (a crypto one to receive); the amount: the
 * query's if valid, else §9's 500 for a fiat sender (a card purchase), else the api's recommended amount for the pair
 * (`withRecommendedAmount`; until then, or when it fails, the default pair's amount when it is in the same send coin).
 */
export function firstSelection(all: readonly Instrument[], def: DefaultPair | null, initial: InitialSelection): FirstSelection {
  const instruments = all.filter((i) => i.isActive !== false);
  const unknownSlugs = initial.pairInPath ? [initial.from, initial.to].filter((s): s is string => !!s && !findBySlug(instruments, s)) : [];
  const from = findBySlug(instruments, initial.from) ?? findBySlug(instruments, def?.instrumentFrom.slug) ?? instruments[0] ?? null;
  const to =
    findBySlug(instruments, initial.to) ?? findBySlug(instruments, def?.instrumentTo.slug) ?? instruments.find((i) => i !== from && !isFiat(i)) ?? null;
  const fromQuery = initial.amount ? cleanNumericInput(initial.amount) : '';
  // §9's 500 is an amount of money: right for a fiat sender, hundreds of coins for a crypto one. The default pair's
  // amount is in its own send currency (0.1 BTC), so it only serves that sender.
  const sameSender = !!from && !!def && def.instrumentFrom.slug === from.slug && isPositiveAmount(def.amount);
  const fallback = isFiat(from) ? DEFAULT_AMOUNT : sameSender && def ? def.amount : '';
  const typed = isPositiveAmount(fromQuery);
  const valueToSend = typed ? fromQuery : fallback;
  return { instruments, from, to, valueToSend, unknownSlugs, wantsRecommendedAmount: !typed && !!from && !!to && !isFiat(from) };
}

/** §7 GET /api/v1/rates/public/recommended-amount for a selection that wants it; the selection as it was when that fails. */
export async function withRecommendedAmount(
  api: Pick<ApiClient, 'recommendedAmount'>,
  selection: FirstSelection,
  rateMode: RateMode = 'FLOATING',
): Promise<FirstSelection> {
  const { from, to } = selection;
  if (!selection.wantsRecommendedAmount || !from || !to) return selection;
  const amount = await recommendedAmount(api, from, to, rateMode);
  return amount ? { ...selection, valueToSend: amount } : selection;
}

/** §7 the api's recommended amount to send for a pair, cleaned (§5); null when it fails or is not above 0. */
export async function recommendedAmount(
  api: Pick<ApiClient, 'recommendedAmount'>,
  from: Instrument,
  to: Instrument,
  rateMode: RateMode,
): Promise<string | null> {
  try {
    const { recommendedAmount } = await api.recommendedAmount({
      query: { fromCurrency: from.currencyTitle, fromNetwork: from.networkTitle, toCurrency: to.currencyTitle, toNetwork: to.networkTitle, rateMode },
    });
    const amount = cleanNumericInput(String(recommendedAmount));
    return isPositiveAmount(amount) ? amount : null;
  } catch (error) {
    console.warn('[mfe-exchange] recommended amount unavailable', error);
    return null;
  }
}

interface RequestState {
  from: Instrument | null;
  to: Instrument | null;
  activeSide: 'send' | 'receive';
  valueToSend: string;
  valueToReceive: string;
  rateMode: RateMode;
}

/** The §3 exchange request of a form state, or null when it cannot be asked. */
export function exchangeRequest(s: RequestState): ExchangeRequest | null {
  if (!s.from || !s.to || s.from.slug === s.to.slug) return null;
  const typed = s.activeSide === 'send' ? s.valueToSend : s.valueToReceive;
  if (!isPositiveAmount(typed)) return null;
  return {
    instrumentFromSlug: s.from.slug,
    instrumentToSlug: s.to.slug,
    claimedDepositAmount: toMoney(typed),
    ...(s.activeSide === 'receive' ? { claimedDepositAmountCurrency: s.to.slug } : {}),
    rateMode: s.rateMode,
  };
}
