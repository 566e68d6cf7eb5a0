import { cleanup } from '@testing-library/react';
import { namespace, pages, resources } from './index';
import { createTestHost } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Docs: ['Documentation', 'Документация'],
  DocsPage: ['API documentation', 'Документация API'],
};

describe('mfe-docs ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, resources }, 'mfe-docs', titles, (lng) => createTestHost({ lng, route: { params: { slug: 'orders' } } }));
});
