import { useTranslation } from 'react-i18next';
import type { HostServices } from 'shared-contracts';
import { namespace } from '../i18n';

/** Always the remote's own namespace, on the host's i18next instance. */
export function useT(host: HostServices) {
  return useTranslation(namespace, { i18n: host.i18n }).t;
}
