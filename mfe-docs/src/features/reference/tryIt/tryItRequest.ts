// The try-it console's request, built from what the reader filled in, shown with the key masked, and as a curl
// command (the key as `$API_KEY` unless the reader asks for it). Pure functions: the store sends what these build.
import type { TryItOperation } from './operations';

const API_KEY_HEADER = 'x-api-key';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface TryItInput {
  /** The page's origin: requests go to this site's own API. */
  origin: string;
  apiKey: string;
  params: Readonly<Record<string, string>>;
  /** The JSON editor's text (query object or body). */
  json: string;
  idempotencyKey: string;
}

export interface TryItRequest {
  method: 'GET' | 'POST';
  url: string;
  /** In the order they are sent; the key in clear (mask it to show it). */
  headers: [string, string][];
  body: string | null;
}

/** Why a request cannot be built yet: which field, and the message's key and values. */
interface TryItProblem {
  field: 'apiKey' | 'param' | 'json';
  message: 'tryit_err_key' | 'tryit_err_param' | 'tryit_err_json' | 'tryit_err_object';
  values?: Record<string, string>;
}

export type TryItBuild = { ok: true; request: TryItRequest } | { ok: false; problem: TryItProblem };

function parseObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: TryItProblem } {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { field: 'json', message: 'tryit_err_json', values: { message: error instanceof Error ? error.message : String(error) } } };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: { field: 'json', message: 'tryit_err_object' } };
  return { ok: true, value: value as Record<string, unknown> };
}

export function buildTryItRequest(operation: TryItOperation, input: TryItInput): TryItBuild {
  const apiKey = input.apiKey.trim();
  if (!apiKey) return { ok: false, problem: { field: 'apiKey', message: 'tryit_err_key' } };
  let path = operation.path;
  for (const name of operation.params) {
    const value = input.params[name]?.trim();
    if (!value) return { ok: false, problem: { field: 'param', message: 'tryit_err_param', values: { name } } };
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  const url = new URL(path, input.origin);
  const headers: [string, string][] = [['accept', 'application/json']];
  let body: string | null = null;
  if (operation.input !== 'none') {
    const parsed = parseObject(input.json);
    if (!parsed.ok) return parsed;
    if (operation.input === 'query') {
      for (const [k, v] of Object.entries(parsed.value))
        if (v !== undefined && v !== null) url.searchParams.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    } else {
      headers.push(['content-type', 'application/json']);
      body = JSON.stringify(parsed.value);
    }
  }
  headers.push([API_KEY_HEADER, apiKey]);
  if (operation.idempotent && input.idempotencyKey.trim()) headers.push([IDEMPOTENCY_HEADER, input.idempotencyKey.trim()]);
  return { ok: true, request: { method: operation.method, url: url.toString(), headers, body } };
}

/** The key as shown on screen: its first characters (the prefix the keys table shows too), the rest hidden. */
export function maskKey(key: string): string {
  return `${key.slice(0, 4)}${'•'.repeat(8)}`;
}

export function shownHeaders(request: TryItRequest): [string, string][] {
  return request.headers.map(([name, value]) => [name, name === API_KEY_HEADER ? maskKey(value) : value]);
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** A curl command sending the same request; the key is `$API_KEY` (an environment variable) unless `revealKey`. */
export function curlCommand(request: TryItRequest, revealKey: boolean): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) {
    lines.push(name === API_KEY_HEADER && !revealKey ? `-H "${name}: $API_KEY"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== null) lines.push(`--data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}

/** The response body for reading: JSON pretty-printed, anything else as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
