import type { RemotePageProps } from 'shared-contracts';
import { StaticPage } from './StaticPage';
import { useT } from './useT';
import styles from './pages.module.css';

/** `/blog/{slug}`: a post or a category. */
export function BlogPostPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('post_title')}>
      <p className={styles.lead}>{t('post_next_release')}</p>
    </StaticPage>
  );
}
