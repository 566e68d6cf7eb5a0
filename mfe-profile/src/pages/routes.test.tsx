// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path. The profile pages take no route params.
import { cleanup } from '@testing-library/react';
import { pages } from './index';
import { createTestHost } from '../test/testHost';
import { itRendersEveryPageSample } from 'remote-kit/testing';

afterEach(cleanup);

describe('mfe-profile pages at the shell routes of the page map', () => {
  itRendersEveryPageSample('mfe_profile', pages, (route) => createTestHost({ route }));
});
