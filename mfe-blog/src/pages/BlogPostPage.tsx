import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/blog/{slug}`: a post or a category. */
export function BlogPostPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('post_title')}>
      <p className={styles.lead}>{t('post_next_release')}</p>
    </StaticPage>
  );
}
