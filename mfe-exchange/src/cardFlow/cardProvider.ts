// The {provider} path segment of the §7 card-provider calls. The contract does not name the configured card provider
// yet (requested in issue 12's REQUESTS.md); the one the api serves today is its sandbox provider, code `sandbox`.
export const CARD_PROVIDER = 'sandbox';
