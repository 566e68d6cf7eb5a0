import { observer } from 'mobx-react-lite';
import { pagePath, type RemotePageProps } from 'shared-contracts';
import { ButtonLink, Card, textStyles } from 'remote-kit/ui';
import { DocsFrame } from '../features/docs/DocsFrame';
import { SiteLink } from 'remote-kit/site-links';
import { useDocsStore } from '../features/docs/useDocsStore';
import { useT } from '../useT';
import styles from '../features/docs/docs.module.css';

/** §2 `/docs`: the documentation home, a short intro and each section's pages as a card, in the docs-sidebar layout. */
export const DocsPage = observer(function DocsPage({ host }: RemotePageProps) {
  const t = useT(host);
  const store = useDocsStore(host, null);
  return (
    <DocsFrame host={host} store={store} current={null}>
      {(view) => ({
        title: t('docs_title'),
        body: (
          <div className={styles.stack}>
            <p className={styles.lead}>{t('docs_intro')}</p>
            <div className={styles.columns}>
              {view.nav.sections.map((section) => (
                <Card key={section.title} title={section.title} data-testid="docs-home-section">
                  <ul className={styles.cardList}>
                    {section.pages.map((page) => (
                      <li key={page.slug}>
                        <SiteLink host={host} to={pagePath('mfe_docs', 'DocsPage', { slug: page.slug })}>
                          {page.title}
                        </SiteLink>
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
              <Card title={t('docs_help_title')}>
                <p className={textStyles.text}>{t('docs_help_text')}</p>
                <div className={textStyles.actions}>
                  <ButtonLink variant="secondary" render={(p) => <host.Link to={pagePath('mfe_blog', 'Support')} {...p} />}>
                    {t('docs_support')}
                  </ButtonLink>
                </div>
              </Card>
            </div>
          </div>
        ),
      })}
    </DocsFrame>
  );
});
