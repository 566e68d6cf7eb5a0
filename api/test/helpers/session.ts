// HTTP helpers for account tests: a tiny cookie jar over fetch, Set-Cookie parsing.
export interface SetCookie {
  name: string;
  value: string;
  attrs: Record<string, string | true>;
}

export function parseSetCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attrs: Record<string, string | true> = {};
    for (const a of rest) {
      const [k, ...v] = a.trim().split('=');
      attrs[k.toLowerCase()] = v.length ? v.join('=') : true;
    }
    return { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()), attrs };
  });
}

export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    /** Distinct X-Forwarded-For per browser, so per-IP limits of one test do not touch another. */
    readonly ip: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = parseSetCookies(res);
    for (const c of setCookies) {
      const expired = c.attrs['max-age'] === '0' || (typeof c.attrs.expires === 'string' && new Date(c.attrs.expires).getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, setCookies, headers: res.headers };
  }
  get(path: string, headers?: Record<string, string>) {
    return this.call('GET', path, undefined, headers);
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call('POST', path, body, headers);
  }
}
