import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { ButtonLink, Card, StaticPage } from 'remote-kit/ui';
import { useT } from './useT';
import { BlogPager, listPage } from './BlogPager';
import styles from './blog.module.css';

/** `/blog/{slug}`: a post or a category; `/blog/{slug}/page{page}`: a page of a category's list. */
export const BlogPostPage = observer(function BlogPostPage({ host }: RemotePageProps) {
  const t = useT(host);
  const { slug, page: pageParam } = pageParams(host.route, 'mfe_blog', 'BlogPost');
  const page = listPage(pageParam);
  return (
    <StaticPage title={t('post_title')}>
      <Card as="article">
        <p className={styles.text}>{t('post_next_release')}</p>
        <div className={styles.actions}>
          <ButtonLink variant="secondary" render={(p) => <host.Link to="/blog" {...p} />}>
            {t('post_back')}
          </ButtonLink>
        </div>
      </Card>
      {slug ? <BlogPager host={host} page={page} base={`/blog/${slug}`} /> : null}
    </StaticPage>
  );
});
