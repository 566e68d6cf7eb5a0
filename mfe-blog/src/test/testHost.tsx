import { createTestHostFor } from 'remote-kit/testing';
import { namespace, resources } from '../i18n';

export { renderPage } from 'remote-kit/testing';
export const createTestHost = createTestHostFor({ name: 'mfe_blog', namespace, resources });
