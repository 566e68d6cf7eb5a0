// Issue 24: `/terms`, `/privacy` and `/aml-kyc` (and `/ru/…`), the legal pages: the content service's sanitised HTML
// (content/legal/<slug>/<locale>.md) with the site's typography, the date it last changed, and links to the other two.
// The first view comes from the server's loader, so the page is complete without JavaScript.
import { observer } from 'mobx-react-lite';
import { LEGAL_DOCUMENTS, type HostServices, type LegalDocument, type LocaleCode, type RemotePageProps } from 'shared-contracts';
import { Card, StaticPage } from 'remote-kit/ui';
import { fetchLegal, isLegalSlug, legalKey } from '../blog/blogData';
import { ContentStatus } from './ContentStatus';
import { SiteLink } from './SiteLink';
import { siteLinkClickHandler } from './siteLinks';
import { formatDate, useContentStore } from './useContentStore';
import { useT } from './useT';
import styles from './blog.module.css';
import prose from './prose.module.css';

export const LegalPage = observer(function LegalPage({ host }: RemotePageProps) {
  const locale = host.locale.current;
  const slug = (host.route.params as { slug?: string }).slug ?? '';
  const key = legalKey(locale, slug);
  return <LegalView key={key} requestKey={key} host={host} locale={locale} slug={slug} />;
});

const LegalView = observer(function LegalView({
  host,
  requestKey,
  locale,
  slug,
}: {
  host: HostServices;
  requestKey: string;
  locale: LocaleCode;
  slug: string;
}) {
  const t = useT(host);
  const store = useContentStore(host, requestKey, () => fetchLegal(host.api, locale, slug));
  return (
    <StaticPage title={isLegalSlug(slug) ? t(`legal_title_${slug}`) : t('legal_title')}>
      <ContentStatus host={host} store={store} loading={t('legal_loading')} failed={t('legal_load_failed')}>
        {(doc) => <LegalArticle host={host} doc={doc} locale={locale} />}
      </ContentStatus>
    </StaticPage>
  );
});

function LegalArticle({ host, doc, locale }: { host: HostServices; doc: LegalDocument; locale: LocaleCode }) {
  const t = useT(host);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates the clicks of the links inside (they are the interactive elements; Enter on a link is a click)
    <div className={styles.post} onClick={siteLinkClickHandler(host)} data-testid={`legal-${doc.slug}`}>
      <p className={styles.muted} data-testid="legal-updated">
        {t('legal_updated', { date: formatDate(doc.updatedAt, locale) })}
      </p>
      {doc.fallback ? (
        <p className={styles.notice} data-testid="legal-fallback-notice">
          {t('legal_fallback')}
        </p>
      ) : null}
      <Card>
        <article className={prose.prose} dangerouslySetInnerHTML={{ __html: doc.html }} />
      </Card>
      <nav aria-label={t('legal_other')}>
        <ul className={styles.legalLinks}>
          {LEGAL_DOCUMENTS.filter((other) => other !== doc.slug).map((other) => (
            <li key={other}>
              <SiteLink host={host} to={`/${other}`}>
                {t(`legal_title_${other}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
