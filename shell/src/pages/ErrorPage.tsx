import { useTranslation } from 'react-i18next';
import { ButtonLink } from 'remote-kit/ui';
import { LocalLink } from '../host/LocalLink';

export interface ErrorPageProps {
  statusCode?: number;
  message: string;
  url?: string;
}

/** §2 error page: the status code (default 404), the error, the request URL and the headers visible client-side. */
export function ErrorPage({ statusCode = 404, message, url }: ErrorPageProps) {
  const { t } = useTranslation('shell');
  const requestUrl = url ?? (typeof location !== 'undefined' ? location.href : '');
  const headers: [string, string][] =
    typeof navigator !== 'undefined'
      ? [
          ['user-agent', navigator.userAgent],
          ['accept-language', (navigator.languages ?? [navigator.language]).join(', ')],
        ]
      : [];
  return (
    <section className="page error-page" data-testid="error-page">
      <p className="error-page__status" data-testid="error-status">
        {statusCode}
      </p>
      <h1 data-testid="page-title">{t('error.title')}</h1>
      <dl className="error-page__details">
        <dt>{t('error.message')}</dt>
        <dd data-testid="error-message">{message}</dd>
        <dt>{t('error.url')}</dt>
        <dd data-testid="error-url">{requestUrl}</dd>
        <dt>{t('error.headers')}</dt>
        <dd>
          <ul className="error-page__headers">
            {headers.map(([k, v]) => (
              <li key={k}>
                <code>{k}</code>: {v}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <ButtonLink
        render={({ className, children }) => (
          <LocalLink to="/" className={className}>
            {children}
          </LocalLink>
        )}
      >
        {t('error.home')}
      </ButtonLink>
    </section>
  );
}
