/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Every page as the shell's server renders it: in Node (no window, document, timers or sockets) and without loader
// data (its data loads after hydration), nothing fetched during render.
import { itRendersEveryPageOnTheServer } from 'remote-kit/server-testing';
import { createTestHost } from '../test/testHost';
import { pages } from './index';

describe('server render of the mfe-docs pages', () => {
  itRendersEveryPageOnTheServer('mfe_docs', pages, createTestHost);
});
