// Issue 23: a card provider's decline reason in the page's language. Known reasons (decline codes such as
// `insufficient_funds`, or the providers' English messages) map to a text key; any other is shown as the provider wrote it.
const RULES: readonly (readonly [RegExp, string])[] = [
  [/insufficient[\s_-]*funds/i, 'card_decline_insufficient_funds'],
  [/expired[\s_-]*card|card[\s\w]*expired/i, 'card_decline_expired_card'],
  [/(incorrect|invalid)[\s_-]*(cvc|cvv)|security code/i, 'card_decline_incorrect_cvc'],
  [/\b(lost|stolen)\b|(lost|stolen)[\s_-]*card/i, 'card_decline_lost_or_stolen'],
  [/fraud/i, 'card_decline_suspected_fraud'],
  [/not a sandbox test card/i, 'card_decline_not_test_card'],
  [/do[\s_-]*not[\s_-]*honou?r|declined by (its|the) issuer|issuer[\s_-]*declined|generic[\s_-]*decline|card[\s_-]*declined/i, 'card_decline_issuer'],
];

/** The text key of a known decline reason, or null (show the provider's own words). */
export function declineReasonKey(reason: string): string | null {
  return RULES.find(([pattern]) => pattern.test(reason))?.[1] ?? null;
}
