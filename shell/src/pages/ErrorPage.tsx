import { useEffect, useState, type ReactNode } from 'react';
import { useShellT } from '../i18n/useShellT';
import { useLocation } from '../routing/RouterProvider';
import { ButtonLink } from 'remote-kit/ui';
import { LocalLink } from '../host/LocalLink';

/**
 * The request headers the error page may show: nothing that identifies or authenticates the visitor (no cookie,
 * authorization or other credential), only what describes the browser and where it came from.
 */
const HARMLESS_HEADERS = ['user-agent', 'accept-language', 'referer'] as const;

type HarmlessHeader = (typeof HARMLESS_HEADERS)[number];

/** The harmless headers the browser sends with its requests. */
function browserHeaders(): [HarmlessHeader, string][] {
  const values: Record<HarmlessHeader, string> = {
    'user-agent': navigator.userAgent,
    'accept-language': (navigator.languages?.length ? navigator.languages : [navigator.language]).join(', '),
    referer: document.referrer,
  };
  return HARMLESS_HEADERS.filter((name) => values[name]).map((name) => [name, values[name]]);
}

export interface ErrorPageProps {
  statusCode?: number;
  title: string;
  /** the error, e.g. "Page Not Found: {path}" */
  message: string;
  /** the page's own words under the title */
  children?: ReactNode;
  titleTestId?: string;
}

/**
 * §2 error page: the status code (default 404), the error, the request URL and the request's harmless headers. The
 * server (and the hydrating render) show the path asked for; the browser's URL and headers follow once mounted.
 */
export function ErrorPage({ statusCode = 404, title, message, children, titleTestId = 'page-title' }: ErrorPageProps) {
  const { t } = useShellT();
  const here = useLocation();
  const path = `${here.pathname}${here.search}`;
  const [browser, setBrowser] = useState<{ origin: string; headers: [HarmlessHeader, string][] } | null>(null);
  useEffect(() => setBrowser({ origin: window.location.origin, headers: browserHeaders() }), []);
  const requestUrl = browser ? `${browser.origin}${path}` : path;
  return (
    <section className="page page--center error-page" data-testid="error-page">
      <p className="error-page__status" data-testid="error-status">
        {statusCode}
      </p>
      <h1 data-testid={titleTestId}>{title}</h1>
      {children}
      <dl className="error-page__details">
        <dt>{t('error.message')}</dt>
        <dd data-testid="error-message">{message}</dd>
        <dt>{t('error.url')}</dt>
        <dd data-testid="error-url">{requestUrl}</dd>
        {browser && browser.headers.length > 0 ? (
          <>
            <dt>{t('error.headers')}</dt>
            <dd>
              <ul className="error-page__headers" data-testid="error-headers">
                {browser.headers.map(([k, v]) => (
                  <li key={k}>
                    <code>{k}</code>: {v}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <ButtonLink
        render={({ className, children: text }) => (
          <LocalLink to="/" className={className}>
            {text}
          </LocalLink>
        )}
      >
        {t('error.home')}
      </ButtonLink>
    </section>
  );
}
