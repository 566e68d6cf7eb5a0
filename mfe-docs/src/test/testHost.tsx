import { createTestHostFor } from 'remote-kit/testing';
import { namespace } from '../i18n';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';

export const createTestHost = createTestHostFor({ name: 'mfe_docs', namespace, resources: { en, ru } });
