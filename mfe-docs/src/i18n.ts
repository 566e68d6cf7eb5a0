// The remote's i18next namespace (ARCHITECTURE.md): the shell registers `resources` with addResourceBundle.
export const namespace = 'mfe-docs';

const en = {
  docs_title: 'Documentation',
  docs_page_title: 'API documentation',
  docs_text: 'Guides and the public API reference of the exchange. The interactive API explorer arrives in the next release.',
  docs_page_text: 'This documentation page and its API explorer arrive in the next release.',
  section: 'Section: {{slug}}',
};

const ru: Record<keyof typeof en, string> = {
  docs_title: 'Документация',
  docs_page_title: 'Документация API',
  docs_text: 'Руководства и справочник публичного API обменника. Интерактивный обозреватель API появится в следующем выпуске.',
  docs_page_text: 'Эта страница документации и обозреватель API появятся в следующем выпуске.',
  section: 'Раздел: {{slug}}',
};

export const resources = { en, ru };
