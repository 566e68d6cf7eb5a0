// What web hands the shell's server render and what it gets back (the server bundle's contract with web/): types
// only, so web type-checks against them without compiling the shell's React tree.
import type { LocaleCode, Theme } from 'shared-contracts';
import type { SsrState } from './state';

export interface SsrRequest {
  /** path and query as the browser asked for them (already normalised by web) */
  url: string;
  cookies: Record<string, string>;
  /** Accept-Language, for the root's first-visit language detection */
  acceptLanguage?: string;
  /** the site's public origin (wss URL, host.config) */
  origin: string;
  /** where web reaches the api, and the headers that make a call the visitor's own (cookie, X-Forwarded-*) */
  apiBaseUrl: string;
  apiHeaders: Record<string, string>;
  /** time left for loading the page's remote and its data; past it the slot renders its skeleton */
  budgetMs: number;
  shellConfig?: { defaultTheme?: Theme; partnerReferralParam?: string };
  /**
   * web knows the page does not exist (the api's SEO lookup said 404: an unknown blog post or docs page, a list page
   * past the last): the shell's 404 page is rendered, not the remote's page.
   */
  notFound?: boolean;
  /**
   * Called once the render will not redirect (the root's language, lk-redirect), before the remote and its data are
   * loaded: web sends the document's head then, while the body is still being rendered.
   */
  onDecided?: () => void;
  /** the `nonce` of React's own inline scripts (web's CSP, issue 24: web/src/securityHeaders.ts) */
  nonce?: string;
}

export interface SsrResult {
  status: number;
  /** the markup of #root */
  html: string;
  state: SsrState;
  locale: LocaleCode;
  theme: Theme;
  /** the remote whose page is in the markup (null: shell-only page, or the slot fell back to its skeleton) */
  remote: string | null;
  /** decided before rendering: the root's language choice (§4) or lk-redirect for a guest (§2); web answers 302 */
  redirect?: string;
}
