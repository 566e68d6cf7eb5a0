// The first-party analytics sink (§4 analytics events, §9 session id; issue 13): events are batched in the page and
// POSTed to analyticsCollect (POST /api/v1/analytics/events) — a few seconds after the first event of a batch, at
// once when the batch is full, and when the page goes away (pagehide, or hidden: a phone may never fire pagehide),
// with `fetch(…, { keepalive: true })` so the request outlives the page. After the page went away each event is sent
// at once (a remote may report its own leaving after the shell's listener ran).
// Each event carries the §9 session id (session storage, the UTM record's), the page path (no query or hash: an
// order link holds an address) and its time. What is not a scalar, or looks personal (emails, addresses, long opaque
// strings), never leaves the page. The sink never throws and never retries: with the api down, events are lost,
// the page is not.
import { ANALYTICS_EVENTS, type AnalyticsEvent, type AnalyticsRecord } from 'shared-contracts';
import type { AnalyticsPayload, AnalyticsSink } from './AnalyticsService';

const ANALYTICS_COLLECT_PATH = '/api/v1/analytics/events';
/** The contract takes at most 50 per request; fewer keeps a keepalive body far below the browsers' 64 KiB. */
const MAX_BATCH = 20;
const FLUSH_DELAY_MS = 3000;
const MAX_STRING = 512;
const MAX_KEY = 64;
const MAX_KEYS = 20;

const PERSONAL_KEY = /e-?mail|address|memo|password|phone|name|token|secret|card|iban|tx_?hash|fingerprint/i;
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const OPAQUE_LIKE = /^(0x)?[A-Za-z0-9]{26,}$/;
const KNOWN_EVENTS: ReadonlySet<string> = new Set(ANALYTICS_EVENTS);

export interface FirstPartySinkDeps {
  /** Sends one batch (the browser: a keepalive fetch). May throw or reject: the sink swallows it. */
  send(body: { events: AnalyticsRecord[] }): unknown;
  /** §9 session id (session storage), if any. */
  sessionId(): string | undefined;
  /** The current page path with its query (the sink drops the query). */
  path(): string;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface FirstPartySink extends AnalyticsSink {
  /** Sends what is queued now. */
  flush(): void;
  /** The page is going away: flush, and from now on send each event at once. */
  leave(): void;
  /** The page came back (bfcache): batch again. */
  resume(): void;
}

/** The event's data the sink may send: scalars, short strings, nothing personal. */
export function sendableData(payload: AnalyticsPayload): AnalyticsRecord['data'] {
  const data: NonNullable<AnalyticsRecord['data']> = {};
  let count = 0;
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'event' || key === 'user_type' || key.length > MAX_KEY || PERSONAL_KEY.test(key)) continue;
    if (count >= MAX_KEYS) break;
    if (typeof value === 'string') {
      if (EMAIL_LIKE.test(value) || OPAQUE_LIKE.test(value.trim())) continue;
      data[key] = value.slice(0, MAX_STRING);
    } else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null) {
      data[key] = value;
    } else continue;
    count++;
  }
  return count > 0 ? data : undefined;
}

function toRecord(payload: AnalyticsPayload, deps: FirstPartySinkDeps): AnalyticsRecord | null {
  if (!KNOWN_EVENTS.has(payload.event)) return null;
  const sessionId = deps.sessionId();
  const path = deps.path().split(/[?#]/, 1)[0].slice(0, 2048);
  const data = sendableData(payload);
  return {
    event: payload.event as AnalyticsEvent,
    user_type: payload.user_type,
    occurredAt: Math.max(0, Math.floor(deps.now())),
    ...(sessionId ? { sessionId: sessionId.slice(0, 64) } : {}),
    ...(path ? { path } : {}),
    ...(data ? { data } : {}),
  };
}

export function firstPartySink(deps: FirstPartySinkDeps): FirstPartySink {
  let queue: AnalyticsRecord[] = [];
  let timer: unknown = null;
  let leaving = false;

  const flush = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    // the §9 session id as it is now: an event of the page's first moments may come before the UTM capture made it
    const sessionId = deps.sessionId()?.slice(0, 64);
    while (queue.length > 0) {
      const events = queue.slice(0, MAX_BATCH).map((e) => (e.sessionId || !sessionId ? e : { ...e, sessionId }));
      queue = queue.slice(MAX_BATCH);
      try {
        const sent = deps.send({ events });
        if (sent && typeof (sent as Promise<unknown>).catch === 'function') (sent as Promise<unknown>).catch(() => undefined);
      } catch {
        /* the page must not break because analytics could not be sent */
      }
    }
  };

  const sink = ((payload: AnalyticsPayload) => {
    const record = toRecord(payload, deps);
    if (!record) return;
    queue.push(record);
    if (leaving || queue.length >= MAX_BATCH) flush();
    else if (timer === null) timer = deps.setTimer(flush, FLUSH_DELAY_MS);
  }) as FirstPartySink;
  sink.flush = flush;
  sink.leave = () => {
    leaving = true;
    flush();
  };
  sink.resume = () => {
    leaving = false;
  };
  return sink;
}

/** The browser's first-party sink: keepalive POSTs to the api on this origin. */
export function browserFirstPartySink(sessionId: () => string | undefined): FirstPartySink {
  return firstPartySink({
    send: (body) =>
      fetch(ANALYTICS_COLLECT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
        credentials: 'same-origin',
      }),
    sessionId,
    path: () => `${location.pathname}${location.search}`,
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  });
}

/**
 * Wires the page's lifecycle: on pagehide (and when the page is hidden) the service's leave hooks report first, then
 * the sink sends what it holds; a page restored from the bfcache batches again. Returns the unsubscribe.
 */
export function followPageLifecycle(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>,
  onLeave: () => void,
  sink: FirstPartySink,
): () => void {
  const hide = () => {
    onLeave();
    sink.leave();
  };
  const visibility = () => {
    if (doc.visibilityState === 'hidden') sink.flush();
  };
  const show = () => sink.resume();
  target.addEventListener('pagehide', hide);
  target.addEventListener('pageshow', show);
  doc.addEventListener('visibilitychange', visibility);
  return () => {
    target.removeEventListener('pagehide', hide);
    target.removeEventListener('pageshow', show);
    doc.removeEventListener('visibilitychange', visibility);
  };
}
