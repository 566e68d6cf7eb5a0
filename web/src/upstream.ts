// web's own calls to the api (redirect lookup, SEO texts, the public pairs list, server rendering): short, bounded,
// and never the reason a page fails — callers treat a thrown error as "the api is unavailable".
// The api is one URL or the replica list of API_URL (apiUpstream.ts): a call goes to the next replica, and to
// another when the first refused the connection (nothing was sent, so any call may be repeated).
import { routeTable, type RouteName } from 'shared-contracts';
import { type ApiUpstream, failedBeforeSending } from './apiUpstream';

/** Where web's own calls go: one base URL, or the replicas behind web. */
export type ApiTarget = string | ApiUpstream;

/** A base URL for one call (server rendering takes one): the next replica of a list. */
export function apiBaseOf(target: ApiTarget): string {
  return typeof target === 'string' ? target : target.pick();
}

export interface UpstreamCall {
  query?: Record<string, string>;
  body?: unknown;
  /** X-Forwarded-* of the visitor (edge.ts), so the api's per-address limits apply per visitor */
  headers?: Record<string, string>;
  timeoutMs: number;
}

async function callOne(apiUrl: string, name: RouteName, call: UpstreamCall, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
  const route = routeTable[name];
  const url = new URL(route.path, apiUrl);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: route.method,
    headers: { accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal,
  });
  return { status: res.status, body: await res.json() };
}

/** The api's status and parsed JSON body; throws on a network error, a timeout or a non-JSON answer. */
export async function callApi(target: ApiTarget, name: RouteName, call: UpstreamCall): Promise<{ status: number; body: unknown }> {
  // one deadline for the call, however many replicas it takes
  const signal = AbortSignal.timeout(call.timeoutMs);
  if (typeof target === 'string') return callOne(target, name, call, signal);
  const tries = target.candidates();
  for (let i = 0; ; i++) {
    try {
      return await callOne(tries[i], name, call, signal);
    } catch (err) {
      if (!failedBeforeSending(err)) throw err;
      target.markDown(tries[i]);
      if (i + 1 >= tries.length) throw err;
    }
  }
}
