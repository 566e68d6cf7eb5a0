import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { HostServices } from 'shared-contracts';

/**
 * A remote's `useT`: always its own namespace, on the host's i18next instance, re-rendering on a language change.
 * Over the host-given instance alone (not react-i18next's useTranslation): remotes then need no shared react-i18next,
 * which is ~10 KB gzip of first load when shared whole (issue 27). Texts are registered before a remote renders
 * (the shell's PagesLoader, the dev and test hosts), so there is nothing to suspend on.
 */
export function createUseT(namespace: string) {
  return function useT(host: HostServices) {
    const { i18n } = host;
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
    return useMemo(() => i18n.getFixedT(language, namespace), [i18n, language]);
  };
}

/** The base of a plural key (`x_one` → `x`; an `x_other` alone may be a plain key, as `hold_text_other`). */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;

/**
 * A namespace's Russian texts: every key of its English texts and, for each counted phrase (`x_one`/`x_other`, the
 * i18next plural keys), also `x_few` and `x_many`, the other categories of Intl.PluralRules('ru').
 */
export type RuTexts<En> = Record<keyof En | `${PluralBase<keyof En>}_${'few' | 'many'}`, string>;
