// What a server-rendered page hands the browser for hydration (the spec's per-page payload): read once by
// bootstrap, so the first client render is the server's render. Travels as JSON in
// `<script type="application/json" id="__SSR_STATE__">`; web escapes `<` in it.
import type { LocaleCode, Theme } from 'shared-contracts';
import type { HealthSnapshot } from '../stores/HealthStore';

export const SSR_STATE_VERSION = 1;
export const SSR_STATE_ELEMENT_ID = '__SSR_STATE__';

export interface SsrState {
  v: typeof SSR_STATE_VERSION;
  /** the remote whose page is in the markup; null: the slot was rendered as its skeleton */
  remote: string | null;
  theme: Theme;
  locale: LocaleCode;
  /** §4 health as the server rendered it (maintenance page, sandbox badge) */
  health?: HealthSnapshot;
  /** web answered 404 (the page does not exist): the markup is the 404 page */
  notFound?: boolean;
  /** the rendered page and its loader's data (`./pages` `loaders`), handed to that page as host.initialData */
  page?: { name: string; data: unknown };
  /** /remotes.json as web answers it (added by web): the browser registers the remotes without asking for it */
  remotes?: Record<string, string>;
  /** the page's remote scripts (its remoteEntry and `./pages` chunks), preloaded at the first paint (src/index.ts) */
  preload?: string[];
}

/** The payload of a server-rendered document, or null (client-rendered document, or one from another build). */
export function readSsrState(doc: Pick<Document, 'getElementById'>): SsrState | null {
  const el = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    const state = JSON.parse(el.textContent) as SsrState;
    return state && state.v === SSR_STATE_VERSION ? state : null;
  } catch {
    return null;
  }
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can close or confuse it. */
export function serialiseSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
