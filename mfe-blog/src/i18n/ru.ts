// The Russian texts of the `mfe-blog` namespace (every key of en): their own chunk, loaded by `loadResources('ru')`.
import type { en } from './en';
import { supportRu } from './support.ru';

export const ru: Record<keyof typeof en, string> = {
  ...supportRu,
  blog_title: 'Блог',
  blog_page: 'Страница {{page}}',
  blog_pages_label: 'Страницы блога',
  blog_newer: 'Более новые статьи',
  blog_first: 'Первая страница',
  blog_empty_title: 'Статей пока нет',
  post_title: 'Статья блога',
  post_back: 'Все статьи',
  roadmap_title: 'Дорожная карта',
  support_title: 'Поддержка',
  blog_next_release: 'Статьи появятся в следующем выпуске.',
  post_next_release: 'Эта статья будет доступна в следующем выпуске.',
  roadmap_text: 'Что обменник умеет сегодня и что появится дальше.',
  roadmap_now_title: 'Уже доступно',
  roadmap_now_badge: 'Работает',
  roadmap_now_1: 'Обмен криптовалют по плавающему или фиксированному курсу, с аккаунтом и без',
  roadmap_now_2: 'Отслеживание заказа в реальном времени, возврат и принятие нового курса',
  roadmap_now_3: 'Личный кабинет с историей заказов',
  roadmap_now_4: 'Сайт на английском и русском языках',
  roadmap_next_title: 'Дальше в планах',
  roadmap_next_badge: 'В планах',
  roadmap_next_1: 'Статьи блога и документация с обозревателем API',
  roadmap_next_2: 'Балансы кошелька и вывод средств',
  roadmap_next_3: 'Партнёрская программа и кэшбэк',
  roadmap_next_4: 'API-ключи и верификация личности',
  support_text: 'Страница поддержки с контактами и ответами на частые вопросы появится в следующем выпуске.',
  support_order_title: 'Вопрос по заказу?',
  support_order_text:
    'Откройте заказ по ссылке, полученной при его создании: на странице заказа видно, на каком этапе обмен, его транзакции и, если нужно, как запросить возврат.',
  support_contacts_title: 'Контакты и ответы',
  support_docs: 'Открыть документацию',
};
