import { createTestHostFor } from 'remote-kit/testing';
import { namespace, resources } from '../i18n';

export const createTestHost = createTestHostFor({ name: 'mfe_docs', namespace, resources });
