import { useTranslation } from 'react-i18next';
import type { HostServices } from 'shared-contracts';

/** A remote's `useT`: always its own namespace, on the host's i18next instance. */
export function createUseT(namespace: string) {
  return function useT(host: HostServices) {
    return useTranslation(namespace, { i18n: host.i18n }).t;
  };
}

/** The base of a plural key (`x_one` → `x`; an `x_other` alone may be a plain key, as `hold_text_other`). */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;

/**
 * A namespace's Russian texts: every key of its English texts and, for each counted phrase (`x_one`/`x_other`, the
 * i18next plural keys), also `x_few` and `x_many`, the other categories of Intl.PluralRules('ru').
 */
export type RuTexts<En> = Record<keyof En | `${PluralBase<keyof En>}_${'few' | 'many'}`, string>;
