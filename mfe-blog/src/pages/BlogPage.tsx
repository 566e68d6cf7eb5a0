import { observer } from 'mobx-react-lite';
import { pageParams, type HostServices, type LocaleCode, type RemotePageProps } from 'shared-contracts';
import { Card, StaticPage, textStyles } from 'remote-kit/ui';
import { blogIndexKey, fetchBlogIndex, listPage } from '../content/contentData';
import { BlogFrame } from '../features/blog/BlogSidebar';
import { BlogPager } from '../features/blog/BlogPager';
import { ContentStatus } from '../content/ContentStatus';
import { PostList } from '../features/blog/PostList';
import { useContentStore } from '../content/useContentStore';
import { useT } from '../useT';

/** `/blog` and `/blog/page{page}` (§2): the newest posts first, BLOG_PER_PAGE a page; a page past the last is the 404. */
export const BlogPage = observer(function BlogPage({ host }: RemotePageProps) {
  const page = listPage(pageParams(host.route, 'mfe_blog', 'Blog').page);
  const locale = host.locale.current;
  const key = blogIndexKey(locale, page);
  // another page or locale is another request, so another store
  return <BlogIndex key={key} requestKey={key} host={host} page={page} locale={locale} />;
});

const BlogIndex = observer(function BlogIndex({
  host,
  requestKey,
  page,
  locale,
}: {
  host: HostServices;
  requestKey: string;
  page: number;
  locale: LocaleCode;
}) {
  const t = useT(host);
  const store = useContentStore(host, requestKey, () => fetchBlogIndex(host.api, locale, page));
  return (
    <BlogFrame host={host} sidebar={store.state === 'ready' ? store.data?.sidebar : store.state === 'loading' ? undefined : null}>
      <StaticPage title={store.state === 'notFound' ? t('not_found_title') : t('blog_title')}>
        <ContentStatus host={host} store={store} loading={t('blog_loading')} failed={t('blog_load_failed')}>
          {({ list }) =>
            list.items.length === 0 ? (
              <Card title={t('blog_empty_title')}>
                <p className={textStyles.text}>{t('blog_empty_text')}</p>
              </Card>
            ) : (
              <>
                <PostList host={host} posts={list.items} label={t('blog_title')} />
                <BlogPager host={host} page={page} category={null} total={list.total} />
              </>
            )
          }
        </ContentStatus>
      </StaticPage>
    </BlogFrame>
  );
});
