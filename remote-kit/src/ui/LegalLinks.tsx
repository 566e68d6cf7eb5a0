// Issue 24: a consent text whose `<terms>…</terms>`, `<privacy>…</privacy>` and `<aml>…</aml>` parts link to the legal
// pages, in a new tab so a form keeps what was typed (the exchange form, the card flow, the register dialog). Anything
// else in the text stays plain text.
import type { ReactNode } from 'react';

const PAGES: Record<string, string> = { terms: '/terms', privacy: '/privacy', aml: '/aml-kyc' };

export function LegalLinks({ text, prefix }: { text: string; prefix: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(/<(terms|privacy|aml)>(.*?)<\/\1>/g)) {
    parts.push(text.slice(at, m.index));
    parts.push(
      <a key={m.index} href={`${prefix}${PAGES[m[1]]}`} target="_blank" rel="noopener" data-testid={`terms-link-${m[1]}`}>
        {m[2]}
      </a>,
    );
    at = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
