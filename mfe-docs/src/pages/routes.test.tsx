// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and shows what they say. A param renamed on either side fails one of the two.
import { cleanup, screen } from '@testing-library/react';
import type { PageName } from 'shared-contracts';
import { itRendersEveryPageSample } from 'remote-kit/testing';
import { createTestHost } from '../test/testHost';
import { docsPage, NAV } from '../test/docsFixtures';
import { pages } from './index';

afterEach(cleanup);

const showsParams: Record<PageName<'mfe_docs'>, (params: Readonly<Record<string, string>>) => void> = {
  Docs: () => undefined,
  DocsPage: (params) => expect(screen.getByTestId('docs-article').getAttribute('data-slug')).toBe(params.slug),
};

/** The loader's answer for the sample's slug, as the server would hand it over. */
const viewOf = (params: Readonly<Record<string, string>>) =>
  params.slug
    ? { kind: 'article', locale: 'en', slug: params.slug, nav: NAV.en, page: docsPage(params.slug) }
    : { kind: 'home', locale: 'en', slug: null, nav: NAV.en };

describe('mfe-docs pages at the shell routes of the page map', () => {
  itRendersEveryPageSample('mfe_docs', pages, (route) => createTestHost({ route, initialData: viewOf(route.params) }), { showsParams });
});
