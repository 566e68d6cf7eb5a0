// web → api: the list of api replicas (API_URL, comma-separated), spread round-robin, a replica that refuses a
// connection set aside for a moment, and the §8 catalogue answer when none can be reached.
//
// Retrying on another replica is safe only when nothing reached the first one: the connection was refused (or
// never made) before a byte of the request was sent. Then any method may be retried, POST included. A reset or a
// timeout after the request went out may have been acted on: that is a 503, never a second attempt.
import net from 'node:net';
import { ERROR_STATUS, type ApiErrorBody } from 'shared-contracts';

/** Connect-level failures: the request never left web (node's net errors and undici's connect errors). */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/** Seconds a client should wait before trying again after web answered 503 for the api (Retry-After). */
export const API_UNAVAILABLE_RETRY_AFTER_S = 5;

/** How long a replica that refused a connection is skipped by the round robin (unless every replica is). */
const DOWN_FOR_MS = 2000;

/** The api's base URLs from API_URL: `http://a:3000,http://b:3000` (spaces and trailing slashes ignored). */
export function parseApiUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (urls.length === 0) throw new Error('API_URL names no api');
  for (const u of urls) {
    const parsed = new URL(u);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`API_URL: ${u} is not http(s)`);
  }
  return [...new Set(urls)];
}

/** The error codes of `err` and its causes (reply-from wraps undici's error, undici wraps node's). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    // happy eyeballs: an AggregateError of one refusal per address
    if (Array.isArray(errors)) for (const inner of errors) codes.push(...codesOf(inner));
    e = cause;
  }
  return codes;
}

/** True when the failure happened before anything was sent to the api (so another replica may be asked). */
export function failedBeforeSending(err: unknown): boolean {
  const codes = codesOf(err);
  return codes.length > 0 && codes.some((c) => NOT_SENT.has(c));
}

/** §8: the api cannot be reached (refused, reset, timed out). The catalogue has one code for it, sent with 503. */
export function unavailableBody(message = 'The exchange service is not reachable at the moment; retry later.'): ApiErrorBody {
  return { statusCode: ERROR_STATUS.ERR_SERVICE_UNAVAILABLE, code: 'ERR_SERVICE_UNAVAILABLE', message };
}

export interface ApiUpstream {
  readonly urls: readonly string[];
  /** The next replica for a request, round-robin over those not set aside (all of them when every one is). */
  pick(): string;
  /** `first`, then the other replicas (those set aside last): where one request may be tried, in order. */
  candidates(first?: string): string[];
  /** A replica refused a connection (or is draining): skip it for DOWN_FOR_MS. */
  markDown(url: string): void;
  isDown(url: string): boolean;
  /** Stops the background probe (web's onClose). */
  close(): void;
}

export interface ApiUpstreamOptions {
  now?: () => number;
  downForMs?: number;
  /**
   * With more than one replica: every this many ms a TCP connect to each, so a WebSocket upgrade (which reports no
   * failure back) is sent to a listening replica. 0 turns it off. Default 1000.
   */
  probeIntervalMs?: number;
}

function canConnect(url: string, timeoutMs: number): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function createApiUpstream(apiUrl: string | readonly string[], options: ApiUpstreamOptions = {}): ApiUpstream {
  const urls = typeof apiUrl === 'string' ? parseApiUrls(apiUrl) : parseApiUrls(apiUrl.join(','));
  const now = options.now ?? Date.now;
  const downForMs = options.downForMs ?? DOWN_FOR_MS;
  const downUntil = new Map<string, number>();
  let next = 0;

  const isDown = (url: string) => (downUntil.get(url) ?? 0) > now();
  const rotation = () => {
    const start = next;
    next = (next + 1) % urls.length;
    return urls.map((_, i) => urls[(start + i) % urls.length]);
  };

  let timer: NodeJS.Timeout | undefined;
  const probeEvery = options.probeIntervalMs ?? 1000;
  if (urls.length > 1 && probeEvery > 0) {
    let probing = false;
    timer = setInterval(() => {
      if (probing) return;
      probing = true;
      void Promise.all(
        urls.map(async (u) => {
          // only ever sets aside: a replica that listens again (or a draining one, still listening) is back when its
          // time is up
          if (!(await canConnect(u, Math.min(probeEvery, 1000)))) downUntil.set(u, now() + Math.max(downForMs, probeEvery * 2));
        }),
      ).finally(() => (probing = false));
    }, probeEvery);
    timer.unref();
  }

  return {
    urls,
    pick() {
      const order = rotation();
      return order.find((u) => !isDown(u)) ?? order[0];
    },
    candidates(first) {
      const start = first ?? this.pick();
      const others = urls.filter((u) => u !== start);
      // the ones set aside last: one may have come back since (a refused connect costs little)
      return [start, ...others.filter((u) => !isDown(u)), ...others.filter(isDown)];
    },
    markDown(url) {
      downUntil.set(url, now() + downForMs);
    },
    isDown,
    close() {
      clearInterval(timer);
    },
  };
}
