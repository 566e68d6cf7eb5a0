/**
 * @jest-environment jsdom
 */
// The incidents feed is well-formed Atom 1.0 (issue 29): parsed by an XML parser (jsdom's DOMParser, strict XML),
// every element in the Atom namespace, feed id/title/updated/author, one entry per incident with its updates, text
// that would break XML escaped, characters XML forbids dropped.
import type { Incident, NetworkIncident } from 'shared-contracts/server';
import { renderIncidentsFeed, xmlEscape } from './atomFeed';

const ATOM = 'http://www.w3.org/2005/Atom';

const network: NetworkIncident = {
  id: '7',
  networkTitle: 'TRC20',
  scope: 'both',
  state: 'paused',
  title: 'TRC20 <paused> & "stuck"',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:30:00.000Z',
  resolvedAt: null,
  updates: [
    { state: 'delayed', body: 'Slow blocks\u0000 since 10:00.', createdAt: '2026-03-01T10:00:00.000Z' },
    { state: 'paused', body: 'Paused: the node is resyncing.', createdAt: '2026-03-01T11:30:00.000Z' },
  ],
};
const incident: Incident = {
  id: '3',
  title: 'Site slow',
  body: 'Pages load slowly.',
  severity: 'minor',
  state: 'resolved',
  createdAt: '2026-02-01T09:00:00.000Z',
  resolvedAt: '2026-02-01T09:45:00.000Z',
};

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}
const child = (el: Element, name: string) => [...el.children].find((c) => c.localName === name && c.namespaceURI === ATOM);

describe('renderIncidentsFeed', () => {
  it('is an Atom feed with one entry per incident, newest first, each network entry carrying its updates', () => {
    const doc = parse(renderIncidentsFeed({ siteOrigin: 'https://exchange.example/', incidents: [incident], networkIncidents: [network], now: new Date() }));
    const feed = doc.documentElement;
    expect([feed.localName, feed.namespaceURI]).toEqual(['feed', ATOM]);
    expect(child(feed, 'id')?.textContent).toBe('https://exchange.example/api/v1/status/incidents.atom');
    expect(child(feed, 'title')?.textContent).toBeTruthy();
    expect(child(feed, 'updated')?.textContent).toBe(network.updatedAt);
    expect(child(child(feed, 'author') as Element, 'name')?.textContent).toBeTruthy();
    const entries = [...feed.children].filter((c) => c.localName === 'entry');
    expect(entries.every((e) => e.namespaceURI === ATOM)).toBe(true);
    expect(entries.map((e) => child(e, 'id')?.textContent)).toEqual([
      'https://exchange.example/status#network-incident-7',
      'https://exchange.example/status#incident-3',
    ]);
    const [first, second] = entries;
    expect(child(first, 'title')?.textContent).toBe('TRC20 deposits and payouts paused: TRC20 <paused> & "stuck"');
    expect(child(first, 'content')?.textContent).toBe(
      '2026-03-01T10:00:00.000Z — delayed: Slow blocks since 10:00.\n2026-03-01T11:30:00.000Z — paused: Paused: the node is resyncing.',
    );
    expect([...first.getElementsByTagNameNS(ATOM, 'category')].map((c) => c.getAttribute('term'))).toEqual(['network:TRC20', 'scope:both', 'state:paused']);
    expect(child(second, 'updated')?.textContent).toBe(incident.resolvedAt);
    expect(child(second, 'content')?.textContent).toBe('Pages load slowly.');
  });

  it('without incidents is a feed with no entry, updated now', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const feed = parse(renderIncidentsFeed({ siteOrigin: 'http://127.0.0.1:8080', incidents: [], networkIncidents: [], now })).documentElement;
    expect(child(feed, 'updated')?.textContent).toBe(now.toISOString());
    expect([...feed.children].filter((c) => c.localName === 'entry')).toHaveLength(0);
  });
});

describe('xmlEscape', () => {
  it('escapes markup and drops characters XML 1.0 forbids', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0001\u0008ok`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;ok');
  });
});
