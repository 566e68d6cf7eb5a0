import { createTestHostFor } from 'remote-kit/testing';
import { namespace } from '../i18n';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';

export { renderPage } from 'remote-kit/testing';
export const createTestHost = createTestHostFor({ name: 'mfe_blog', namespace, resources: { en, ru } });
