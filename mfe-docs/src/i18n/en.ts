// The English texts of the `mfe-docs` namespace: their own chunk, loaded by `loadResources('en')`.
export const en = {
  docs_title: 'Documentation',
  docs_page_title: 'API documentation',
  docs_text: 'Guides and the public API reference of the exchange. The interactive API explorer arrives in the next release.',
  docs_page_text: 'This documentation page and its API explorer arrive in the next release.',
  docs_api_title: 'API reference',
  docs_help_title: 'Need a hand?',
  docs_help_text: 'Questions the documentation does not answer yet go to support.',
  docs_support: 'Go to support',
  docs_back: 'All documentation',
  section: 'Section: {{slug}}',
};
