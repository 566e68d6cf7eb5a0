import { createContext, useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { useNamespaceT } from 'remote-kit/use-t';
import { SHELL_NAMESPACE } from './instance';

/** The site's one i18next instance (DESIGN rule 7), given by ShellApp to the shell's own components. */
export const ShellI18nContext = createContext<I18n | null>(null);

/** The shell's `useTranslation('shell')`: its namespace on the instance ShellApp gives (remote-kit useNamespaceT). */
export function useShellT(): { t: TFunction<typeof SHELL_NAMESPACE>; i18n: I18n } {
  const i18n = useContext(ShellI18nContext);
  if (!i18n) throw new Error('useShellT outside ShellApp (no ShellI18nContext)');
  return { t: useNamespaceT(i18n, SHELL_NAMESPACE), i18n };
}
