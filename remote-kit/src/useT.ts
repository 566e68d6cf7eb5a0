import { useTranslation } from 'react-i18next';
import type { HostServices } from 'shared-contracts';

/** A remote's `useT`: always its own namespace, on the host's i18next instance. */
export function createUseT(namespace: string) {
  return function useT(host: HostServices) {
    return useTranslation(namespace, { i18n: host.i18n }).t;
  };
}
