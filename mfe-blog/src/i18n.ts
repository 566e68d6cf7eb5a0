// The remote's i18next namespace (ARCHITECTURE.md): the shell registers `resources` with addResourceBundle.
export const namespace = 'mfe-blog';

const en = {
  blog_title: 'Blog',
  blog_page: 'Page {{page}}',
  post_title: 'Blog post',
  roadmap_title: 'Roadmap',
  support_title: 'Support',
  blog_next_release: 'Articles arrive in the next release.',
  post_next_release: 'This article will be available in the next release.',
  roadmap_text: 'Our plans for the exchange will be published here in the next release.',
  support_text: 'The support page with contacts and answers to common questions arrives in the next release.',
};

const ru: Record<keyof typeof en, string> = {
  blog_title: 'Блог',
  blog_page: 'Страница {{page}}',
  post_title: 'Статья блога',
  roadmap_title: 'Дорожная карта',
  support_title: 'Поддержка',
  blog_next_release: 'Статьи появятся в следующем выпуске.',
  post_next_release: 'Эта статья будет доступна в следующем выпуске.',
  roadmap_text: 'Наши планы по развитию обменника будут опубликованы здесь в следующем выпуске.',
  support_text: 'Страница поддержки с контактами и ответами на частые вопросы появится в следующем выпуске.',
};

export const resources = { en, ru };
