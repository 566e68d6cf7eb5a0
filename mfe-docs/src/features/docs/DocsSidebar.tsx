import { type DocsNav, type HostServices, pagePath } from 'shared-contracts';
import { SiteLink } from 'remote-kit/site-links';
import styles from './docs.module.css';

/** §2 docs-sidebar: the sections and their pages; the shown page is `aria-current`. */
export function DocsSidebar({ host, nav, current, homeLabel }: { host: HostServices; nav: DocsNav; current: string | null; homeLabel: string }) {
  return (
    <nav className={styles.sidebarNav} data-testid="docs-sidebar">
      <SiteLink host={host} to={pagePath('mfe_docs', 'Docs')} current={current === null} className={styles.navLink} data-testid="docs-nav-home">
        {homeLabel}
      </SiteLink>
      {nav.sections.map((section) => (
        <div key={section.title} className={styles.navSection}>
          <h2 className={styles.navTitle}>{section.title}</h2>
          <ul className={styles.navList}>
            {section.pages.map((page) => (
              <li key={page.slug}>
                <SiteLink
                  host={host}
                  to={pagePath('mfe_docs', 'DocsPage', { slug: page.slug })}
                  current={page.slug === current}
                  className={styles.navLink}
                  data-testid="docs-nav-link"
                >
                  {page.title}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
