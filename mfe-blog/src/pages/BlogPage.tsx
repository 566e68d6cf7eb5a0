import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';
import { BlogPageIndicator, listPage } from './BlogPageIndicator';

/** `/blog` and `/blog/page{page}` (spec §2). Content comes from the blog service later. */
export const BlogPage = observer(function BlogPage({ host }: RemotePageProps) {
  const t = useT(host);
  const page = listPage(pageParams(host.route, 'mfe_blog', 'Blog').page);
  return (
    <StaticPage title={t('blog_title')}>
      <BlogPageIndicator page={page} label={t('blog_page', { page })} />
      <p className={styles.lead}>{t('blog_next_release')}</p>
    </StaticPage>
  );
});
