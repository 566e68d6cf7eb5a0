import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';
import { BlogPageIndicator, listPage } from './BlogPageIndicator';

/** `/blog/{slug}`: a post or a category; `/blog/{slug}/page{page}`: a page of a category's list. */
export const BlogPostPage = observer(function BlogPostPage({ host }: RemotePageProps) {
  const t = useT(host);
  const page = listPage(pageParams(host.route, 'mfe_blog', 'BlogPost').page);
  return (
    <StaticPage title={t('post_title')}>
      <BlogPageIndicator page={page} label={t('blog_page', { page })} />
      <p className={styles.lead}>{t('post_next_release')}</p>
    </StaticPage>
  );
});
