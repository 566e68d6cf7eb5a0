import { createUseT } from 'remote-kit/use-t';
import { namespace } from './index';

export const useT = createUseT(namespace);
