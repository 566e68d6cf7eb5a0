// §4/§8 "Chunk load error or new build: full page reload to the target path … with state preserved": the exchange
// form's draft (pair, rate mode, amounts, active side, addresses and memos) kept in session storage while the visitor
// edits, and given back after such a reload. Never a secret: no email, no code, nothing of the account.
import { reloadedForUpdate, type RateMode } from 'shared-contracts';
import type { ActiveSide } from './ExchangeFormStore';

const DRAFT_KEY = 'mfe_exchange:form-draft';
/** Saved this long after the last change (typing is not written key by key). */
export const DRAFT_SAVE_DELAY_MS = 300;

export interface FormDraft {
  /** the page it was typed on (`location.pathname`): a draft of home is not restored on a pair page */
  page: string;
  from: string | null;
  to: string | null;
  rateMode: RateMode;
  activeSide: ActiveSide;
  valueToSend: string;
  valueToReceive: string;
  destinationAddress: string;
  destinationMemo: string;
  refundAddress: string;
  refundMemo: string;
}

/** Where the draft lives and which page this is (the browser's session storage and location; read after mount). */
export interface DraftPlace {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'pathname' | 'search'>;
  now(): number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 256) : '');

function parse(raw: string | null): FormDraft | null {
  let v: unknown;
  try {
    v = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  if (typeof d.page !== 'string') return null;
  return {
    page: d.page,
    from: typeof d.from === 'string' ? d.from : null,
    to: typeof d.to === 'string' ? d.to : null,
    rateMode: d.rateMode === 'FIXED' ? 'FIXED' : 'FLOATING',
    activeSide: d.activeSide === 'receive' ? 'receive' : 'send',
    valueToSend: str(d.valueToSend),
    valueToReceive: str(d.valueToReceive),
    destinationAddress: str(d.destinationAddress),
    destinationMemo: str(d.destinationMemo),
    refundAddress: str(d.refundAddress),
    refundMemo: str(d.refundMemo),
  };
}

/**
 * The draft to give back: only after the shell reloaded this very address for an update or a chunk error (its
 * reload guard, shared-contracts `reloadedForUpdate`), and only the draft of this page. A plain visit or reload
 * starts from the address, as always.
 */
export function draftToRestore(place: DraftPlace): FormDraft | null {
  try {
    const { pathname, search } = place.location;
    if (!reloadedForUpdate(place.storage, pathname + search, place.now())) return null;
    const draft = parse(place.storage.getItem(DRAFT_KEY));
    return draft && draft.page === pathname ? draft : null;
  } catch {
    return null; // storage refused (privacy mode): nothing to restore
  }
}

export function saveDraft(place: DraftPlace, draft: Omit<FormDraft, 'page'>): void {
  try {
    place.storage.setItem(DRAFT_KEY, JSON.stringify({ page: place.location.pathname, ...draft }));
  } catch {
    // storage full or refused: the draft is a convenience
  }
}
