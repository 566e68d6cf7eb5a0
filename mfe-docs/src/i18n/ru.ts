// The Russian texts of the `mfe-docs` namespace (every key of en): their own chunk, loaded by `loadResources('ru')`.
import type { en } from './en';

export const ru: Record<keyof typeof en, string> = {
  docs_title: 'Документация',
  docs_page_title: 'Документация API',
  docs_text: 'Руководства и справочник публичного API обменника. Интерактивный обозреватель API появится в следующем выпуске.',
  docs_page_text: 'Эта страница документации и обозреватель API появятся в следующем выпуске.',
  docs_api_title: 'Справочник API',
  docs_help_title: 'Нужна помощь?',
  docs_help_text: 'С вопросами, на которые документация пока не отвечает, обращайтесь в поддержку.',
  docs_support: 'Перейти в поддержку',
  docs_back: 'Вся документация',
  section: 'Раздел: {{slug}}',
};
