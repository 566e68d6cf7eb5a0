// Issue 24: `/terms`, `/privacy` and `/aml-kyc` (and `/ru/…`), the legal pages: the content service's sanitised HTML
// (content/legal/<slug>/<locale>.md) with the site's typography, the date it last changed, and links to the other two.
// The first view comes from the server's loader, so the page is complete without JavaScript.
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { legalKey } from '../content/contentData';
import { LegalView } from '../features/legal/LegalView';

export const LegalPage = observer(function LegalPage({ host }: RemotePageProps) {
  const locale = host.locale.current;
  const slug = (host.route.params as { slug?: string }).slug ?? '';
  const key = legalKey(locale, slug);
  return <LegalView key={key} requestKey={key} host={host} locale={locale} slug={slug} />;
});
