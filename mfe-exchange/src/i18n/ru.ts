// The Russian texts of the `mfe-exchange` namespace (ru.json, every key of en.json): their own chunk, loaded by `loadResources('ru')`.
import type { RuTexts } from 'remote-kit/use-t';
import type { en } from './en';
import ruTexts from './ru.json';

export const ru: RuTexts<typeof en> = ruTexts;
