import { observer } from 'mobx-react-lite';
import { pageParams, type HostServices, type LocaleCode, type RemotePageProps } from 'shared-contracts';
import { Card, StaticPage, textStyles } from 'remote-kit/ui';
import { type BlogEntryData, blogEntryKey, fetchBlogEntry, listPage } from '../content/contentData';
import { BlogFrame } from '../features/blog/BlogSidebar';
import { BlogPager } from '../features/blog/BlogPager';
import { ContentStatus } from '../content/ContentStatus';
import { PostArticle } from '../features/blog/PostArticle';
import { PostList } from '../features/blog/PostList';
import { useContentStore } from '../content/useContentStore';
import { useT } from '../useT';

/**
 * `/blog/{slug…}`: a post or a category (§2, the slug may span several segments); `/blog/{slug…}/page{page}`: a page
 * of a category's list. An unknown slug, a page past the last or a page number on a post is the 404.
 */
export const BlogPostPage = observer(function BlogPostPage({ host }: RemotePageProps) {
  const { slug, page: pageParam } = pageParams(host.route, 'mfe_blog', 'BlogPost');
  const page = pageParam === undefined ? undefined : listPage(pageParam);
  const locale = host.locale.current;
  const key = blogEntryKey(locale, slug, page);
  return <BlogEntry key={key} requestKey={key} host={host} slug={slug} page={page} locale={locale} />;
});

interface EntryProps {
  host: HostServices;
  requestKey: string;
  slug: string;
  page: number | undefined;
  locale: LocaleCode;
}

const BlogEntry = observer(function BlogEntry({ host, requestKey, slug, page, locale }: EntryProps) {
  const t = useT(host);
  const store = useContentStore(host, requestKey, () => fetchBlogEntry(host.api, locale, slug, page));
  const data = store.state === 'ready' ? store.data : null;
  // fetched after a client navigation (not server-rendered): the post scrolls to the URL's hash itself
  const fetched = !store.fromServer;
  return (
    <BlogFrame
      host={host}
      sidebar={data ? data.sidebar : store.state === 'loading' ? undefined : null}
      currentCategory={data?.kind === 'category' ? data.category.slug : data?.kind === 'post' ? data.post.category.slug : undefined}
    >
      <StaticPage title={titleOf(data, store.state === 'notFound', t)}>
        <ContentStatus host={host} store={store} loading={t('blog_loading')} failed={t('blog_load_failed')}>
          {(entry) =>
            entry.kind === 'post' ? (
              <PostArticle host={host} post={entry.post} fetched={fetched} />
            ) : (
              <>
                {entry.category.description ? <p className={textStyles.lead}>{entry.category.description}</p> : null}
                {entry.list.items.length === 0 ? (
                  <Card>
                    <p className={textStyles.text}>{t('blog_empty_text')}</p>
                  </Card>
                ) : (
                  <PostList host={host} posts={entry.list.items} label={t('blog_category_articles')} />
                )}
                <BlogPager host={host} page={page ?? 1} category={slug} total={entry.list.total} />
              </>
            )
          }
        </ContentStatus>
      </StaticPage>
    </BlogFrame>
  );
});

function titleOf(data: BlogEntryData | null, notFound: boolean, t: (key: 'blog_title' | 'not_found_title') => string): string {
  if (notFound) return t('not_found_title');
  if (!data) return t('blog_title');
  return data.kind === 'post' ? data.post.title : data.category.title;
}
