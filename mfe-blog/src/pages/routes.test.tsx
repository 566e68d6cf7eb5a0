// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and asks the content service for what they say. A param renamed on either side fails one of the two.
import { act, cleanup, screen } from '@testing-library/react';
import { BLOG_PER_PAGE, pageParams, type PageName } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { fakeBlogApi } from '../test/blogFixtures';
import { itRendersEveryPageSample } from 'remote-kit/testing';

afterEach(cleanup);

let api = fakeBlogApi();
const offsetOf = (params: Readonly<Record<string, string>>) => (Number(params.page ?? '1') - 1) * BLOG_PER_PAGE;

const showsParams: Record<PageName<'mfe_blog'>, (params: Readonly<Record<string, string>>) => void> = {
  Blog: (params) => expect(api.blogPosts).toHaveBeenCalledWith({ query: { locale: 'en', offset: offsetOf(params), per_page: BLOG_PER_PAGE } }),
  BlogPost: (params) => expect(api.blogEntry).toHaveBeenCalledWith({ query: { locale: 'en', slug: params.slug } }),
  Roadmap: () => expect(api.contentRoadmap).toHaveBeenCalled(),
  Support: () => undefined,
  Status: () => undefined,
  Legal: (params) => expect(api.contentLegal).toHaveBeenCalledWith({ query: { locale: 'en', slug: params.slug } }),
};

describe('mfe-blog pages at the shell routes of the page map', () => {
  itRendersEveryPageSample(
    'mfe_blog',
    pages,
    (route) => {
      api = fakeBlogApi();
      return createTestHost({ route, api });
    },
    { showsParams, settle: true },
  );

  it('shows page 2 of a list in ru too', async () => {
    renderPage(pages.Blog, createTestHost({ lng: 'ru', api: fakeBlogApi(), route: { path: '/blog/page2', params: { page: '2' } } }));
    await act(async () => undefined);
    expect(screen.getByTestId('blog-page-indicator').textContent).toBe('Страница 2');
  });

  it('reads params through the page map: a param the page does not have does not compile', () => {
    const params = pageParams({ params: { page: '2' } }, 'mfe_blog', 'Blog');
    // @ts-expect-error Blog's param is `page`
    expect(params.number).toBeUndefined();
    expect(params.page).toBe('2');
  });
});
