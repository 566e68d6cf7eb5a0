// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path. The profile pages take no route params.
import { cleanup, screen } from '@testing-library/react';
import { pageSamples } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';

afterEach(cleanup);

describe('mfe-profile pages at the shell routes of the page map', () => {
  it.each(pageSamples('mfe_profile').map((s) => [s.path, s.page, s] as const))('%s renders %s with its params', (path, page, { params }) => {
    renderPage(pages[page], createTestHost({ route: { path, params } }));
    expect(screen.getByTestId('page-title')).toBeTruthy();
  });
});
