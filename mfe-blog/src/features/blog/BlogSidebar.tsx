// The blog-sidebar layout's sidebar (§2): the categories with their number of posts (the one shown marked current)
// and the recent posts.
import type { ReactNode } from 'react';
import { type BlogSidebar as SidebarData, type HostServices, pagePath } from 'shared-contracts';
import { SidebarLayout, Skeleton } from 'remote-kit/ui';
import { SiteLink } from 'remote-kit/site-links';
import { useT } from '../../useT';
import styles from './blog.module.css';

/** `sidebar`: undefined while loading (a skeleton), null when it failed (left empty: the page is the point). */
export function BlogFrame({
  host,
  sidebar,
  currentCategory,
  children,
}: {
  host: HostServices;
  sidebar: SidebarData | null | undefined;
  currentCategory?: string;
  children: ReactNode;
}) {
  const t = useT(host);
  return (
    <SidebarLayout
      sidebarLabel={t('blog_sidebar_label')}
      sidebar={sidebar === undefined ? <Skeleton lines={6} /> : sidebar ? <Sidebar host={host} data={sidebar} current={currentCategory} /> : null}
    >
      {children}
    </SidebarLayout>
  );
}

function Sidebar({ host, data, current }: { host: HostServices; data: SidebarData; current?: string }) {
  const t = useT(host);
  return (
    <>
      <nav aria-labelledby="blog-sidebar-categories" className={styles.sideGroup} data-testid="blog-sidebar-categories">
        <h2 id="blog-sidebar-categories" className={styles.sideTitle}>
          {t('blog_categories')}
        </h2>
        <ul className={styles.sideList}>
          {data.categories.map((c) => (
            <li key={c.slug}>
              <SiteLink host={host} to={pagePath('mfe_blog', 'BlogPost', { slug: c.slug })} current={c.slug === current} className={styles.sideLink}>
                <span>{c.title}</span> <span className={styles.count}>{c.postCount}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      {data.recent.length > 0 ? (
        <section aria-labelledby="blog-sidebar-recent" className={styles.sideGroup} data-testid="blog-sidebar-recent">
          <h2 id="blog-sidebar-recent" className={styles.sideTitle}>
            {t('blog_recent')}
          </h2>
          <ul className={styles.sideList}>
            {data.recent.map((p) => (
              <li key={p.slug}>
                <host.Link to={pagePath('mfe_blog', 'BlogPost', { slug: p.slug })} className={styles.sideLink}>
                  {p.title}
                </host.Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
