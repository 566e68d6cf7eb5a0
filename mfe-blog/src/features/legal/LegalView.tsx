import { observer } from 'mobx-react-lite';
import { LEGAL_DOCUMENTS, type HostServices, type LegalDocument, type LocaleCode, pagePath } from 'shared-contracts';
import { Card, StaticPage, proseClass, textStyles } from 'remote-kit/ui';
import { fetchLegal, isLegalSlug } from '../../content/contentData';
import { ContentStatus } from '../../content/ContentStatus';
import { SiteLink } from 'remote-kit/site-links';
import { siteLinkClickHandler } from 'remote-kit/site-links';
import { formatDate, useContentStore } from '../../content/useContentStore';
import { useT } from '../../useT';
import styles from './legal.module.css';

/** The legal document of one request (`requestKey`). */
export const LegalView = observer(function LegalView({
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
    <div className={styles.document} onClick={siteLinkClickHandler(host)} data-testid={`legal-${doc.slug}`}>
      <p className={textStyles.muted} data-testid="legal-updated">
        {t('legal_updated', { date: formatDate(doc.updatedAt, locale) })}
      </p>
      {doc.fallback ? (
        <p className={textStyles.notice} data-testid="legal-fallback-notice">
          {t('legal_fallback')}
        </p>
      ) : null}
      <Card>
        <article className={proseClass('post')} dangerouslySetInnerHTML={{ __html: doc.html }} />
      </Card>
      <nav aria-label={t('legal_other')}>
        <ul className={styles.legalLinks}>
          {LEGAL_DOCUMENTS.filter((other) => other !== doc.slug).map((other) => (
            <li key={other}>
              <SiteLink host={host} to={pagePath('mfe_blog', 'Legal', { slug: other })}>
                {t(`legal_title_${other}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
