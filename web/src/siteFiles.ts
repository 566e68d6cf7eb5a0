// Issue 24: the site's own files: /.well-known/security.txt (RFC 9116) and the web app manifest. Their absolute URLs
// use the origin the visitor reached (edge.ts), so one build serves every public origin.
import { DEFAULT_LOCALE } from 'shared-contracts';

/** RFC 9116 recommends an Expires less than a year ahead: computed at serve time, so the file never goes stale. */
const SECURITY_TXT_VALID_DAYS = 180;

export interface SecurityTxtOptions {
  /** SECURITY_CONTACT: one or more `mailto:`/`https:` URIs, comma-separated; default the site's support page. */
  contact?: string;
  /** SECURITY_POLICY_URL: the disclosure policy; default the security section of the terms of use. */
  policy?: string;
  now?: Date;
}

export function securityTxt(origin: string, options: SecurityTxtOptions = {}): string {
  const now = options.now ?? new Date();
  const expires = new Date(now.getTime() + SECURITY_TXT_VALID_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const contacts = (options.contact ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return [
    ...(contacts.length > 0 ? contacts : [`${origin}/support`]).map((c) => `Contact: ${c}`),
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Policy: ${options.policy?.trim() || `${origin}/terms#reporting-a-security-problem`}`,
    'Preferred-Languages: en, ru',
    `Canonical: ${origin}/.well-known/security.txt`,
    '',
  ].join('\n');
}

const THEME_COLOR = { light: '#3b5bfd', dark: '#0f1736' } as const;

/** The web app manifest (name, icons, colours; the English name: the manifest is one per origin). */
export function webManifest(): Record<string, unknown> {
  return {
    name: 'Coinferry — instant crypto exchange',
    short_name: 'Coinferry',
    description: 'Exchange cryptocurrency in minutes, at a fixed or floating rate.',
    lang: DEFAULT_LOCALE,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR.light,
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
