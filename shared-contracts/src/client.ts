// The typed HTTP client built from the route table (§7): JSON accept header, the client-id header from
// its cookie, GET retried once on the §7 statuses (other methods never), per-call timeouts, and every
// failure normalised to ApiError {statusCode, code, message}.
import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { ApiError, formatFetchFailure, isApiErrorBody } from './errors';
import { CLIENT_ID_COOKIE, CLIENT_ID_HEADER, RETRY_LIMIT, RETRY_STATUS_CODES } from './constants';
import { readCookie } from './cookies';
import type { RouteName, RouteTable } from './routeTable';
import { routeTimeoutMs } from './routeCall';
import { routeCalls } from './routeCalls';
import type { RouteBody, RouteParams, RouteQuery, RouteResponse } from './routes';

/** Routes whose body is multipart/form-data (route table `bodyType`): the call takes a FormData, not JSON. */
type MultipartRoute = { [N in RouteName]: RouteTable[N] extends { bodyType: 'multipart' } ? N : never }[RouteName];
type CallBody<N extends RouteName> = N extends MultipartRoute ? FormData : RouteBody<N>;

type CallInput<N extends RouteName> = (RouteQuery<N> extends undefined ? { query?: undefined } : { query: RouteQuery<N> }) &
  (CallBody<N> extends undefined ? { body?: undefined } : { body: CallBody<N> }) &
  (RouteParams<N> extends undefined ? { params?: undefined } : { params: RouteParams<N> }) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

export type ApiCall<N extends RouteName> =
  {} extends CallInput<N> ? (input?: CallInput<N>) => Promise<RouteResponse<N>> : (input: CallInput<N>) => Promise<RouteResponse<N>>;

export type ApiClient = { [N in RouteName]: ApiCall<N> } & {
  /** The underlying ky instance, for the few calls outside the route table (builds/latest.json). */
  readonly http: KyInstance;
};

/** What `onUnauthorized` learns about the call that got a 401. */
export interface UnauthorizedContext {
  route: RouteName;
  error: ApiError;
}

export interface ApiClientOptions {
  /** Origin the API is served from; '' or omitted means the page's own origin. */
  baseUrl?: string;
  /** Reads the client id (§7 header); in the browser, from the u_id cookie. */
  getClientId?: () => string | undefined;
  fetch?: typeof fetch;
  /** Called on every 401 before the error is thrown; resolve true to retry the call once (token refresh). */
  onUnauthorized?: (context: UnauthorizedContext) => Promise<boolean>;
  /** Override the route table timeouts (tests). */
  timeoutOverrideMs?: number;
}

export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) sp.set(k, String(v));
  return sp;
}

/** Turns whatever a call threw into the catalogue's shape. */
export async function normaliseError(error: unknown, method: string, url: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const data: unknown = (error as HTTPError & { data?: unknown }).data;
    if (isApiErrorBody(data)) return new ApiError(data);
    return new ApiError({
      statusCode: status,
      code: status === 404 ? 'ERR_NOT_FOUND' : status >= 500 ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_BAD_REQUEST',
      message: formatFetchFailure(method, url, status),
    });
  }
  if (error instanceof TimeoutError) {
    return new ApiError({ statusCode: 408, code: 'ERR_SERVICE_UNAVAILABLE', message: formatFetchFailure(method, url, 'timeout') });
  }
  if (error instanceof Error && error.name === 'AbortError') throw error;
  return new ApiError({
    statusCode: 0,
    code: 'ERR_SERVICE_UNAVAILABLE',
    message: formatFetchFailure(method, url, error instanceof Error ? error.message : 'network error'),
  });
}

export function createHttp(options: ApiClientOptions = {}): KyInstance {
  const getClientId = options.getClientId ?? (() => readCookie(CLIENT_ID_COOKIE));
  return ky.create({
    baseUrl: options.baseUrl || (typeof location !== 'undefined' ? location.origin : undefined),
    fetch: options.fetch,
    credentials: 'include',
    headers: { accept: 'application/json' },
    retry: { limit: RETRY_LIMIT, methods: ['get'], statusCodes: [...RETRY_STATUS_CODES], afterStatusCodes: [], backoffLimit: 1000 },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const id = getClientId();
          if (id) request.headers.set(CLIENT_ID_HEADER, id);
        },
      ],
    },
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http = createHttp(options);
  const client: Record<string, unknown> = { http };
  for (const [name, def] of Object.entries(routeCalls) as [RouteName, (typeof routeCalls)[RouteName]][]) {
    client[name] = async (
      input: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, unknown>; signal?: AbortSignal; headers?: Record<string, string> } = {},
    ) => {
      const url = fillPath(def.path, input.params);
      // A multipart body goes as it is: the browser sets the content type with its boundary.
      const payload = 'bodyType' in def && def.bodyType === 'multipart' ? { body: input.body as FormData } : { json: input.body };
      const send = () =>
        http(url, {
          method: def.method,
          searchParams: toSearchParams(input.query),
          ...payload,
          signal: input.signal,
          headers: input.headers,
          timeout: options.timeoutOverrideMs ?? routeTimeoutMs(def, input.query),
        }).json();
      try {
        return await send();
      } catch (error) {
        const normalised = await normaliseError(error, def.method, url);
        if (
          normalised.statusCode === 401 &&
          options.onUnauthorized &&
          name !== 'refresh' &&
          (await options.onUnauthorized({ route: name, error: normalised }))
        ) {
          try {
            return await send();
          } catch (retryError) {
            throw await normaliseError(retryError, def.method, url);
          }
        }
        throw normalised;
      }
    };
  }
  return client as ApiClient;
}
