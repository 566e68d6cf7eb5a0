import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { SHELL_NAMESPACE } from './instance';

/** The site's one i18next instance (DESIGN rule 7), given by ShellApp to the shell's own components. */
export const ShellI18nContext = createContext<I18n | null>(null);

/**
 * The shell's `useTranslation('shell')`: its namespace on the instance ShellApp gives, re-rendering on a language
 * change, like remote-kit's useT. react-i18next did the same for 4 KB gzip of the shell's first-load entry (issue 27);
 * texts are registered before anything renders (initAsync: false), so there is nothing to suspend on.
 */
export function useShellT(): { t: TFunction<typeof SHELL_NAMESPACE>; i18n: I18n } {
  const i18n = useContext(ShellI18nContext);
  if (!i18n) throw new Error('useShellT outside ShellApp (no ShellI18nContext)');
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
  const t = useMemo(() => i18n.getFixedT(language, SHELL_NAMESPACE), [i18n, language]);
  return { t, i18n };
}
