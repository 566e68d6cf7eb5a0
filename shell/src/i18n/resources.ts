// Texts of the `shell` namespace (en + ru): everything the shell itself shows. Both locales: for the server
// (forWeb.ts, the server render) and tests; the browser loads the shown one only (browserI18n.ts).
// Notes on keys (JSON has no comments): fallback.contract_mismatch is said for a remote built against another major
// of shared-contracts (federation/remotes.ts); maintenance.offline_* and down_* are §4's past the health check's threshold:
// the visitor's connection, or ours.
import type { LocaleCode } from 'shared-contracts';
import en from './en.json';
import ru from './ru.json';
import type { ShellTexts } from './instance';

export { SHELL_NAMESPACE } from './instance';

export const shellResources: Record<LocaleCode, ShellTexts> = { en, ru };
