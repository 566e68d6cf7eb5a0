// The pure pieces of the exchange form's first load (§2 query and default pair, §5 amounts): which instruments,
// pair and amount the form starts with, and the §3 exchange request of a form state. Shared by the form store and
// the server's page loader, so the selection rules exist once.
import { DEFAULT_AMOUNT, type DefaultPair, type ExchangeRequest, type Instrument, type RateMode } from 'shared-contracts';
import { cleanNumericInput, isPositiveAmount, toMoney } from '../lib/cleanNumericInput';

export interface InitialSelection {
  from?: string;
  to?: string;
  amount?: string | null;
}

interface FirstSelection {
  /** the active instruments */
  instruments: Instrument[];
  from: Instrument | null;
  to: Instrument | null;
  valueToSend: string;
  /** slugs asked for by the route but not among the instruments */
  unknownSlugs: string[];
}

/** §1 a fiat instrument is only ever sent (a card purchase): a pair never receives fiat. */
export const isFiat = (i: Pick<Instrument, 'instrumentType'> | null | undefined): boolean => i?.instrumentType === 'fiat';

export function findBySlug(instruments: readonly Instrument[], slug: string | null | undefined): Instrument | undefined {
  return slug ? instruments.find((i) => i.slug === slug.toLowerCase()) : undefined;
}

/** The route's choice, else the default pair's, else the first instruments (a crypto one to receive); the amount: the query's if valid, else the default pair's (a crypto sender), else 500. */
export function firstSelection(all: readonly Instrument[], def: DefaultPair | null, initial: InitialSelection): FirstSelection {
  const instruments = all.filter((i) => i.isActive !== false);
  const unknownSlugs = [initial.from, initial.to].filter((s): s is string => !!s && !findBySlug(instruments, s));
  const from = findBySlug(instruments, initial.from) ?? findBySlug(instruments, def?.instrumentFrom.slug) ?? instruments[0] ?? null;
  const to =
    findBySlug(instruments, initial.to) ?? findBySlug(instruments, def?.instrumentTo.slug) ?? instruments.find((i) => i !== from && !isFiat(i)) ?? null;
  const fromQuery = initial.amount ? cleanNumericInput(initial.amount) : '';
  // The default pair's amount is in its own send currency (0.1 BTC): a fiat sender (a card purchase) starts at §9's 500.
  const defaultAmount = !isFiat(from) && def && isPositiveAmount(def.amount) ? def.amount : DEFAULT_AMOUNT;
  const valueToSend = isPositiveAmount(fromQuery) ? fromQuery : defaultAmount;
  return { instruments, from, to, valueToSend, unknownSlugs };
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
