// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and shows what they say. A param renamed on either side fails one of the two.
import { cleanup, screen } from '@testing-library/react';
import { pageParams, type PageName } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { itRendersEveryPageSample } from 'remote-kit/testing';

afterEach(cleanup);

const indicator = () => screen.queryByTestId('blog-page-indicator')?.textContent ?? null;
const pageIndicator = (params: Readonly<Record<string, string>>) => expect(indicator()).toBe(params.page ? `Page ${params.page}` : null);

const showsParams: Record<PageName<'mfe_blog'>, (params: Readonly<Record<string, string>>) => void> = {
  Blog: pageIndicator,
  BlogPost: pageIndicator,
  Roadmap: () => undefined,
  Support: () => undefined,
  Status: () => undefined,
};

describe('mfe-blog pages at the shell routes of the page map', () => {
  itRendersEveryPageSample('mfe_blog', pages, (route) => createTestHost({ route }), { showsParams });

  it('shows page 2 of a list in ru too', () => {
    renderPage(pages.Blog, createTestHost({ lng: 'ru', route: { path: '/blog/page2', params: { page: '2' } } }));
    expect(indicator()).toBe('Страница 2');
  });

  it('reads params through the page map: a param the page does not have does not compile', () => {
    const params = pageParams({ params: { page: '2' } }, 'mfe_blog', 'Blog');
    // @ts-expect-error Blog's param is `page`
    expect(params.number).toBeUndefined();
    expect(params.page).toBe('2');
  });
});
