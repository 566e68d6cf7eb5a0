import { cleanup } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Docs: ['Documentation', 'Документация'],
  DocsPage: ['API documentation', 'Документация API'],
};

describe('mfe-docs ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-docs', titles, (lng) => createTestHost({ lng, route: { params: { slug: 'orders' } } }));
});
