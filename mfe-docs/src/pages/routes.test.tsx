// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and shows what they say. A param renamed on either side fails one of the two.
import { cleanup, screen } from '@testing-library/react';
import { pageSamples, type PageName } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';

afterEach(cleanup);

const showsParams: Record<PageName<'mfe_docs'>, (params: Readonly<Record<string, string>>) => void> = {
  Docs: () => undefined,
  DocsPage: (params) => expect(screen.getByText(`Section: ${params.slug}`)).toBeTruthy(),
};

describe('mfe-docs pages at the shell routes of the page map', () => {
  it.each(pageSamples('mfe_docs').map((s) => [s.path, s.page, s] as const))('%s renders %s with its params', (path, page, { params }) => {
    renderPage(pages[page], createTestHost({ route: { path, params } }));
    expect(screen.getByTestId('page-title')).toBeTruthy();
    showsParams[page](params);
  });
});
