// Texts of the `shell` namespace (en + ru): everything the shell itself shows. Both locales: for the server
// (forWeb.ts, the server render) and tests; the browser loads the shown one only (browserI18n.ts).
import type { LocaleCode } from 'shared-contracts';
import en from './en.json';
import ru from './ru.json';
import type { ShellTexts } from './instance';

export { SHELL_NAMESPACE } from './instance';

export const shellResources: Record<LocaleCode, ShellTexts> = { en, ru };
