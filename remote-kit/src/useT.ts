import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import type { HostServices } from 'shared-contracts';

/**
 * `namespace`'s texts on the site's one i18next instance, re-rendering on a language change: what react-i18next's
 * useTranslation did, over the instance alone (issue 27: react-i18next shared whole was ~10 KB gzip of first load).
 * Texts are registered before anything renders (the shell's PagesLoader, initAsync: false, the dev and test hosts), so
 * there is nothing to suspend on. The shell's useShellT is this over its own namespace.
 */
export function useNamespaceT<N extends string>(i18n: I18n, namespace: N): TFunction<N> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return useMemo(() => i18n.getFixedT(language, namespace), [i18n, language, namespace]);
}

/** A remote's `useT`: always its own namespace, on the host-given instance. */
export function createUseT(namespace: string) {
  return function useT(host: HostServices) {
    return useNamespaceT(host.i18n, namespace);
  };
}

/** The base of a plural key (`x_one` → `x`; an `x_other` alone may be a plain key, as `hold_text_other`). */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;

/**
 * A namespace's Russian texts: every key of its English texts and, for each counted phrase (`x_one`/`x_other`, the
 * i18next plural keys), also `x_few` and `x_many`, the other categories of Intl.PluralRules('ru').
 */
export type RuTexts<En> = Record<keyof En | `${PluralBase<keyof En>}_${'few' | 'many'}`, string>;
