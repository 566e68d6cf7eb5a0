// The exchange form's first view, loaded by the server before it renders the page (shared-contracts `PageLoader`)
// and handed back as `host.initialData`: the form starts ready from it and only subscribes the live rates.
import { isApiError, type ApiErrorBody, type Instrument, type PairData } from 'shared-contracts';
import type { FormApi } from './ExchangeFormStore';
import { exchangeRequest, firstSelection, withRecommendedAmount, type InitialSelection } from './formSelection';

export interface ExchangeSnapshot {
  kind: 'mfe_exchange.form';
  instruments: Instrument[];
  from: string | null;
  to: string | null;
  amount: string;
  /** non-empty: the route names an instrument that does not exist (the page is a 404) */
  unknownSlugs: string[];
  pairData: PairData | null;
  /** the api's answer to the rate request, when it refused it (below the minimum, pair not active…) */
  rateError: ApiErrorBody | null;
}

export function isExchangeSnapshot(value: unknown): value is ExchangeSnapshot {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'mfe_exchange.form';
}

/**
 * What `ExchangeFormStore.init` loads (instruments, default pair, then the rate of the chosen pair and amount), as
 * JSON. undefined when the instruments do not load or the rate fails other than with an api error: the browser
 * loads then, as for a page reached by client navigation.
 */
export async function loadExchangeSnapshot(api: FormApi, initial: InitialSelection): Promise<ExchangeSnapshot | undefined> {
  const [instruments, def] = await Promise.all([api.instrumentsV2({ query: {} }), api.pairsDefault().catch(() => null)]);
  const selection = await withRecommendedAmount(api, firstSelection(instruments, def, initial));
  const snapshot: ExchangeSnapshot = {
    kind: 'mfe_exchange.form',
    instruments: selection.instruments,
    from: selection.from?.slug ?? null,
    to: selection.to?.slug ?? null,
    amount: selection.valueToSend,
    unknownSlugs: selection.unknownSlugs,
    pairData: null,
    rateError: null,
  };
  if (selection.unknownSlugs.length > 0) return snapshot;
  const request = exchangeRequest({ ...selection, activeSide: 'send', valueToReceive: '', rateMode: 'FLOATING' });
  if (!request) return snapshot;
  try {
    return { ...snapshot, pairData: await api.rateOne({ query: request }) };
  } catch (error) {
    if (isApiError(error)) return { ...snapshot, rateError: error.toJSON() };
    throw error;
  }
}
