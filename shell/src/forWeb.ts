// The shell's face to the web edge server (web/, its own package): what web reads of the shell's route table, texts,
// SEO request and reachability check to write the first HTML, and the types of the server bundle it runs
// (dist/server/main.js, built from ssr/entry.ts). web imports `shell/for-web` and nothing else of the shell's source
// (.dependency-cruiser.cjs).
export { shellResources } from './i18n/resources';
export { redirectLocation, type Redirect } from './routing/redirectLookup';
export { lowerCasedPairPath, matchRoute, splitLocale, type RouteMatch } from './routing/routes';
export { seoRequestOf } from './seo/seoRequest';
export type { SsrRequest, SsrResult } from './ssr/contract';
export { REACHABILITY_META, reachabilityUrl } from './stores/reachability';
