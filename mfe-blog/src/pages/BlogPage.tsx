import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import { BlogPager, listPage } from './BlogPager';
import styles from './blog.module.css';

/** `/blog` and `/blog/page{page}` (spec §2). Content comes from the blog service later. */
export const BlogPage = observer(function BlogPage({ host }: RemotePageProps) {
  const t = useT(host);
  const page = listPage(pageParams(host.route, 'mfe_blog', 'Blog').page);
  return (
    <StaticPage title={t('blog_title')}>
      <Card title={t('blog_empty_title')}>
        <p className={styles.text}>{t('blog_next_release')}</p>
      </Card>
      <BlogPager host={host} page={page} base="/blog" />
    </StaticPage>
  );
});
