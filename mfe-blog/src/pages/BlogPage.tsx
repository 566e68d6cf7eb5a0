import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/blog`, `/blog/page{number}` and category lists (spec §2). Content comes from the blog service later. */
export function BlogPage({ host }: RemotePageProps) {
  const t = useT(host);
  const page = Number(host.route.params.page ?? '1');
  return (
    <StaticPage title={t('blog_title')}>
      {page > 1 && <p className={styles.muted}>{t('blog_page', { page })}</p>}
      <p className={styles.lead}>{t('blog_next_release')}</p>
    </StaticPage>
  );
}
