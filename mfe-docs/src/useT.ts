import { createUseT } from 'remote-kit/use-t';
import { namespace } from './i18n';

export const useT = createUseT(namespace);
