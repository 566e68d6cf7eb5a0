// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and shows what they say. A param renamed on either side fails one of the two.
import { cleanup, screen } from '@testing-library/react';
import type { PageName } from 'shared-contracts';
import { pages } from './index';
import { createTestHost } from '../test/testHost';
import { itRendersEveryPageSample } from 'remote-kit/testing';

afterEach(cleanup);

const showsParams: Record<PageName<'mfe_exchange'>, (params: Readonly<Record<string, string>>) => void> = {
  Home: () => undefined,
  ExchangePair: (params) => expect(screen.getByTestId('page-title').textContent).toBe(`Exchange ${params.from.toUpperCase()} to ${params.to.toUpperCase()}`),
  PopularExchanges: () => undefined,
};

describe('mfe-exchange pages at the shell routes of the page map', () => {
  itRendersEveryPageSample('mfe_exchange', pages, (route) => createTestHost({ route }), { showsParams, silentWebSocket: true, settle: true });
});
