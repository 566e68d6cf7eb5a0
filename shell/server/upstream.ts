// web's own calls to the api (redirect lookup, SEO texts, the public pairs list): short, bounded, and never the
// reason a page fails — callers treat a thrown error as "the api is unavailable".
import { routeTable, type RouteName } from 'shared-contracts';

export interface UpstreamCall {
  query?: Record<string, string>;
  body?: unknown;
  /** X-Forwarded-* of the visitor (edge.ts), so the api's per-address limits apply per visitor */
  headers?: Record<string, string>;
  timeoutMs: number;
}

/** The api's status and parsed JSON body; throws on a network error, a timeout or a non-JSON answer. */
export async function callApi(apiUrl: string, name: RouteName, call: UpstreamCall): Promise<{ status: number; body: unknown }> {
  const route = routeTable[name];
  const url = new URL(route.path, apiUrl);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: route.method,
    headers: { accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: AbortSignal.timeout(call.timeoutMs),
  });
  return { status: res.status, body: await res.json() };
}
