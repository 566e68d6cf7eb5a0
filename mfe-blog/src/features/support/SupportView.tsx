import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { type Faq, type HostServices, type LocaleCode, pagePath } from 'shared-contracts';
import { Button, Card, Skeleton, StaticPage, textStyles } from 'remote-kit/ui';
import { SupportPageContactDialog } from './SupportPageContactDialog';
import { SupportPageLookup } from './SupportPageLookup';
import { fetchFaq } from '../../supportData/supportData';
import type { SupportDataStore } from '../../supportData/supportDataStore';
import { useSupportData } from '../../supportData/supportUseData';
import { useT } from '../../useT';
import styles from './support.module.css';

/** The support page of one request (`requestKey`, the FAQ's locale). */
export const SupportView = observer(function SupportView({ host, requestKey, locale }: { host: HostServices; requestKey: string; locale: LocaleCode }) {
  const t = useT(host);
  const faq = useSupportData(host, requestKey, () => fetchFaq(host.api, locale));
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = () => {
    host.analytics.track('open_support_modal');
    setContactOpen(true);
  };
  return (
    <StaticPage title={t('support_title')}>
      <p className={textStyles.lead}>{t('support_lead')}</p>
      <div className={styles.layout}>
        <Card title={t('support_faq_title')} data-testid="support-faq" className={styles.faq}>
          <FaqList host={host} store={faq} />
        </Card>
        <div className={styles.side}>
          <Card title={t('support_contact_title')} data-testid="support-contact">
            <p className={textStyles.text}>{t('support_contact_text')}</p>
            <div className={styles.actions}>
              <Button onClick={openContact} data-testid="support-contact-open" aria-haspopup="dialog">
                {t('support_contact_open')}
              </Button>
            </div>
            {/* a sentence, not a button: it wraps on a narrow phone */}
            <p className={textStyles.text}>
              <host.Link to={pagePath('mfe_docs', 'Docs')} data-testid="support-docs-link">
                {t('support_docs_link')}
              </host.Link>
            </p>
          </Card>
          <SupportPageLookup host={host} locale={locale} />
        </div>
      </div>
      <SupportPageContactDialog host={host} locale={locale} open={contactOpen} onClose={() => setContactOpen(false)} />
    </StaticPage>
  );
});

const FaqList = observer(function FaqList({ host, store }: { host: HostServices; store: SupportDataStore<Faq> }) {
  const t = useT(host);
  if (store.state === 'loading') {
    return (
      <div aria-busy="true">
        <p className={textStyles.muted}>{t('support_faq_loading')}</p>
        <Skeleton lines={4} />
      </div>
    );
  }
  if (store.state === 'error' || !store.data) {
    return (
      <div>
        <p role="alert" className={textStyles.text}>
          {t('support_faq_failed')}
        </p>
        <Button variant="secondary" onClick={() => void store.load()}>
          {t('support_retry')}
        </Button>
      </div>
    );
  }
  if (store.data.items.length === 0) return <p className={textStyles.muted}>{t('support_faq_empty')}</p>;
  return (
    <div className={styles.faqList}>
      {store.data.items.map((item) => (
        <details key={item.id} id={item.id} className={styles.faqItem} data-testid="support-faq-item">
          <summary className={styles.faqQuestion}>{item.question}</summary>
          {/* the api renders and sanitises the FAQ's Markdown */}
          <div className={styles.faqAnswer} dangerouslySetInnerHTML={{ __html: item.html }} />
        </details>
      ))}
    </div>
  );
});
