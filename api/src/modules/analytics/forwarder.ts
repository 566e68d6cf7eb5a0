// The analytics forwarder adapter (issue 13, §4 analytics events): where the sink sends what it stored, besides its
// own table. The sink always stores first; forwarding is fire-and-forget — it never delays the browser's answer, and
// a failure is logged (status or error kind only, never an event) and dropped, with no retry.
//
//   interface AnalyticsForwarder { forward(events: readonly ForwardedEvent[]): Promise<void> }
//
// Default: none (ANALYTICS_FORWARD_URL unset) = store only. With ANALYTICS_FORWARD_URL=https://collector.example/in,
// each accepted batch is POSTed there as JSON `{ "events": [ForwardedEvent, …] }` with a timeout of
// ANALYTICS_FORWARD_TIMEOUT_MS (default 3000). A forwarded event carries what the sink stored except the account id
// (first-party only): { event, user_type, sessionId, path, occurredAt (ISO), receivedAt (ISO), data }.
// Another destination (a queue, a vendor SDK) is another implementation of the interface, passed to
// registerAnalyticsModule as `deps.forwarder`.

/** One stored event as it leaves for the forwarder's destination. */
export interface ForwardedEvent {
  event: string;
  user_type: 'guest' | 'registered';
  sessionId: string | null;
  path: string | null;
  occurredAt: string;
  receivedAt: string;
  data: Record<string, string | number | boolean | null>;
}

export interface AnalyticsForwarder {
  /** Sends one batch; may reject (the sink logs the failure and forgets the batch). */
  forward(events: readonly ForwardedEvent[]): Promise<void>;
}

interface HttpForwarderOptions {
  url: string;
  timeoutMs: number;
  /** Default: global fetch (tests give their own). */
  fetch?: typeof fetch;
}

/** A forwarding failure whose message is safe to log (no URL credentials, no payload). */
class ForwardFailed extends Error {}

/** POSTs each batch as JSON to `url`; anything but a 2xx answer within `timeoutMs` rejects. */
export function httpForwarder({ url, timeoutMs, fetch: send = fetch }: HttpForwarderOptions): AnalyticsForwarder {
  return {
    async forward(events) {
      const res = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // the body is not read: drain it so the connection can be reused
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new ForwardFailed(`status ${res.status}`);
    },
  };
}

/** The forwarder the configuration asks for, or null (store only). */
export function configuredForwarder(config: { forwardUrl?: string; forwardTimeoutMs: number }): AnalyticsForwarder | null {
  return config.forwardUrl ? httpForwarder({ url: config.forwardUrl, timeoutMs: config.forwardTimeoutMs }) : null;
}

/** A loggable reason of a failed forward: a status, a timeout or an error name — never the request. */
export function failureReason(error: unknown): string {
  if (error instanceof ForwardFailed) return error.message;
  // an aborted fetch rejects with a DOMException, not always an Error of this realm
  const name = typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : '';
  return name === 'TimeoutError' ? 'timeout' : name || 'unknown';
}
