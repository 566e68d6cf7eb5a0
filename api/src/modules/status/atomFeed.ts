// The incidents as an Atom 1.0 feed (RFC 4287, issue 29): the status page's incidents and the network incidents, one
// entry each, a network incident's content carrying every update. Ids are the status page's address with a fragment,
// so they never change; `updated` is an entry's last change, the feed's the newest entry's.
import type { Incident, NetworkIncident } from 'shared-contracts/server';

export interface FeedInput {
  /** The site's origin (`PUBLIC_ORIGIN`'s first), e.g. https://exchange.example. */
  siteOrigin: string;
  incidents: readonly Incident[];
  networkIncidents: readonly NetworkIncident[];
  /** The feed's `updated` when it has no entry. */
  now: Date;
}

const FEED_PATH = '/api/v1/status/incidents.atom';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Escapes text for XML content and attribute values; drops the characters XML 1.0 does not allow. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface Entry {
  id: string;
  title: string;
  updated: string;
  published: string;
  categories: string[];
  content: string;
}

const SCOPE_TEXT: Record<NetworkIncident['scope'], string> = { deposits: 'deposits', payouts: 'payouts', both: 'deposits and payouts' };

function networkEntry(i: NetworkIncident, page: string): Entry {
  const now = i.resolvedAt ? 'resolved' : i.state;
  const lines = i.updates.map((u) => `${u.createdAt} — ${u.state}: ${u.body}`);
  return {
    id: `${page}#network-incident-${i.id}`,
    title: `${i.networkTitle} ${SCOPE_TEXT[i.scope]} ${now}: ${i.title}`,
    updated: i.updatedAt,
    published: i.createdAt,
    categories: [`network:${i.networkTitle}`, `scope:${i.scope}`, `state:${now}`],
    content: lines.join('\n'),
  };
}

function incidentEntry(i: Incident, page: string): Entry {
  return {
    id: `${page}#incident-${i.id}`,
    title: `${i.title} (${i.state})`,
    updated: i.resolvedAt ?? i.createdAt,
    published: i.createdAt,
    categories: [`severity:${i.severity}`, `state:${i.state}`],
    content: i.body,
  };
}

export function renderIncidentsFeed(input: FeedInput): string {
  const origin = input.siteOrigin.replace(/\/+$/, '');
  const page = `${origin}/status`;
  const self = `${origin}${FEED_PATH}`;
  const entries = [...input.networkIncidents.map((i) => networkEntry(i, page)), ...input.incidents.map((i) => incidentEntry(i, page))].sort(
    (a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id),
  );
  const updated = entries[0]?.updated ?? input.now.toISOString();
  const x = xmlEscape;
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${x(self)}</id>`,
    '  <title>Service status: incidents</title>',
    '  <subtitle>Incidents of the exchange and of each network (deposits and payouts delayed or paused), with their updates.</subtitle>',
    `  <updated>${x(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(page)}"/>`,
    '  <author><name>Exchange status</name></author>',
  ];
  for (const e of entries) {
    out.push(
      '  <entry>',
      `    <id>${x(e.id)}</id>`,
      `    <title>${x(e.title)}</title>`,
      `    <updated>${x(e.updated)}</updated>`,
      `    <published>${x(e.published)}</published>`,
      `    <link rel="alternate" type="text/html" href="${x(page)}"/>`,
      ...e.categories.map((c) => `    <category term="${x(c)}"/>`),
      `    <content type="text">${x(e.content)}</content>`,
      '  </entry>',
    );
  }
  out.push('</feed>', '');
  return out.join('\n');
}
