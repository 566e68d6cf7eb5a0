import { useShellT } from '../i18n/useShellT';
import { useLocation } from '../routing/RouterProvider';
import { ErrorPage } from './ErrorPage';

/**
 * The one 404 page (§2), in the active locale: a path matching no route, a route whose validity rule fails, and a
 * not-found a page reports (an unknown blog post or docs page, a list page past the last) all show it.
 */
export function NotFoundPage() {
  const { t } = useShellT();
  const { pathname } = useLocation();
  return (
    <ErrorPage statusCode={404} title={t('notFound.title')} message={t('error.pageNotFound', { path: pathname })} titleTestId="not-found">
      <p className="muted">{t('notFound.text')}</p>
    </ErrorPage>
  );
}
