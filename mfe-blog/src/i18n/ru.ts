// The Russian texts of the `mfe-blog` namespace (every key of en): their own chunk, loaded by `loadResources('ru')`.
import type { en } from './en';

export const ru: Record<keyof typeof en, string> = {
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
