// §2 SEO texts of every page kind in both locales. `{name}` placeholders are filled by service.ts: `{from}`/`{to}`
// (instrument codes) and `{fromName}`/`{toName}` on the pair page, `{topic}` (the humanised slug) on blog and docs
// pages, `{page}` on paginated ones. The table's type makes a missing page kind, locale or key a compile error.
import type { LocaleCode, SeoConfigId, SeoStructuredDataTexts, SeoTexts } from 'shared-contracts/server';

type PageTexts = Omit<SeoTexts, 'structuredData'>;
type SeoTextTable = { [K in SeoConfigId]: Record<LocaleCode, K extends 'index' ? PageTexts & { structuredData: SeoStructuredDataTexts } : PageTexts> };

const profile = (en: string, ru: string, enAbout: string, ruAbout: string): Record<LocaleCode, PageTexts> => ({
  en: { title: `${en} | Exchange`, description: enAbout, ogTitle: `${en} — Exchange account`, ogDescription: enAbout },
  ru: { title: `${ru} | Exchange`, description: ruAbout, ogTitle: `${ru} — личный кабинет Exchange`, ogDescription: ruAbout },
});

export const SEO_TEXTS: SeoTextTable = {
  index: {
    en: {
      title: 'Instant crypto exchange: swap 20+ coins | Exchange',
      description:
        'Swap Bitcoin, Ethereum, USDT and 20+ other coins in minutes at a fixed or floating rate. No sign-up needed, clear fees, every order tracked live.',
      ogTitle: 'Exchange — swap crypto in minutes',
      ogDescription: 'Pick a pair, send your coins and get the exchanged amount to your wallet in minutes. Fixed or floating rate, no account needed.',
      structuredData: {
        organizationName: 'Exchange',
        organizationDescription:
          'Exchange is an instant cryptocurrency exchange service: swap Bitcoin, Ethereum, stablecoins and other coins at a fixed or floating rate without an account.',
        reviewAuthor: 'Alex M.',
        reviewBody: 'Swapped BTC to USDT in about ten minutes. The rate was locked as promised and the order page showed every step.',
        ratingValue: '4.8',
      },
    },
    ru: {
      title: 'Мгновенный обмен криптовалюты: 20+ монет | Exchange',
      description:
        'Обменивайте Bitcoin, Ethereum, USDT и ещё 20+ монет за несколько минут по фиксированному или плавающему курсу. Без регистрации, с понятными комиссиями.',
      ogTitle: 'Exchange — обмен криптовалюты за минуты',
      ogDescription: 'Выберите пару, отправьте монеты и получите обмененную сумму на свой кошелёк за несколько минут. Фиксированный или плавающий курс.',
      structuredData: {
        organizationName: 'Exchange',
        organizationDescription:
          'Exchange — сервис мгновенного обмена криптовалюты: Bitcoin, Ethereum, стейблкоины и другие монеты по фиксированному или плавающему курсу без регистрации.',
        reviewAuthor: 'Алексей М.',
        reviewBody: 'Обменял BTC на USDT примерно за десять минут. Курс зафиксировали, как и обещали, а на странице заказа был виден каждый шаг.',
        ratingValue: '4.8',
      },
    },
  },
  'exchange-pair': {
    en: {
      title: 'Exchange {from} to {to} instantly | Exchange',
      description:
        'Swap {fromName} for {toName} in minutes at a fixed or floating rate. No sign-up, the live rate and fees shown before you send, the order tracked to payout.',
      ogTitle: '{from} to {to} exchange — {fromName} for {toName}',
      ogDescription: 'Exchange {fromName} for {toName} in a few minutes: see the live rate, send {from} and receive {to} straight to your wallet.',
    },
    ru: {
      title: 'Обмен {from} на {to} за минуты | Exchange',
      description:
        'Обменяйте {fromName} на {toName} за несколько минут по фиксированному или плавающему курсу. Без регистрации, курс и комиссии видны до отправки.',
      ogTitle: 'Обмен {from} на {to} — {fromName} на {toName}',
      ogDescription: 'Обмен {fromName} на {toName} за несколько минут: актуальный курс, отправьте {from} и получите {to} прямо на свой кошелёк.',
    },
  },
  'order-pending': {
    en: {
      title: 'Your order is being created | Exchange',
      description: 'Your exchange order is being created. In a moment you will see the deposit address, the amount to send and the time left to send it.',
      ogTitle: 'Exchange order in progress',
      ogDescription: 'Your crypto exchange order is being created: the deposit address and amount appear in a moment.',
    },
    ru: {
      title: 'Заказ создаётся | Exchange',
      description: 'Ваш заказ на обмен создаётся. Через мгновение появятся адрес для отправки, сумма и время, за которое нужно отправить монеты.',
      ogTitle: 'Заказ на обмен в обработке',
      ogDescription: 'Ваш заказ на обмен криптовалюты создаётся: адрес и сумма для отправки появятся через мгновение.',
    },
  },
  'order-id': {
    en: {
      title: 'Exchange order status | Exchange',
      description:
        'Follow your exchange step by step: deposit received, confirmations, exchange and payout. Request a refund or accept a new rate right on this page.',
      ogTitle: 'Track your crypto exchange order',
      ogDescription: 'Every step of your exchange in one place: deposit, confirmations, exchange and payout to your wallet.',
    },
    ru: {
      title: 'Статус заказа на обмен | Exchange',
      description:
        'Следите за обменом по шагам: получение депозита, подтверждения сети, обмен и выплата. Здесь же можно запросить возврат или принять новый курс.',
      ogTitle: 'Отслеживание заказа на обмен',
      ogDescription: 'Все шаги обмена в одном месте: депозит, подтверждения сети, обмен и выплата на ваш кошелёк.',
    },
  },
  'popular-exchanges': {
    en: {
      title: 'Popular crypto exchange pairs | Exchange',
      description:
        'The pairs people swap most on Exchange: Bitcoin, Ethereum, USDT and more. Open a pair to see its live rate and limits, then exchange in minutes.',
      ogTitle: 'Most popular crypto pairs to exchange',
      ogDescription: 'See which crypto pairs are swapped most and exchange any of them in minutes at a fixed or floating rate.',
    },
    ru: {
      title: 'Популярные направления обмена | Exchange',
      description:
        'Самые востребованные пары на Exchange: Bitcoin, Ethereum, USDT и другие. Откройте пару, чтобы увидеть актуальный курс и лимиты, и обменяйте за минуты.',
      ogTitle: 'Самые популярные пары для обмена криптовалюты',
      ogDescription: 'Узнайте, какие пары обменивают чаще всего, и обменяйте любую из них за минуты по фиксированному или плавающему курсу.',
    },
  },
  lk: profile(
    'Personal account',
    'Личный кабинет',
    'Your Exchange account: profile, order history, cashback, affiliate earnings, API keys and withdrawals, all in one place.',
    'Ваш аккаунт Exchange: профиль, история заказов, кэшбэк, партнёрские начисления, API-ключи и вывод средств в одном месте.',
  ),
  'profile-affiliate-program': profile(
    'Affiliate programme',
    'Партнёрская программа',
    'Invite people to Exchange with your referral link and earn a share of every exchange they make. Track referrals and earnings here.',
    'Приглашайте людей в Exchange по реферальной ссылке и получайте долю с каждого их обмена. Здесь видны рефералы и начисления.',
  ),
  'profile-cashback': profile(
    'Cashback',
    'Кэшбэк',
    'Get part of the fee back on every completed exchange. See your cashback balance and the full history of accruals.',
    'Возвращайте часть комиссии с каждого завершённого обмена. Здесь ваш баланс кэшбэка и полная история начислений.',
  ),
  'profile-history': profile(
    'Order history',
    'История заказов',
    'Every exchange you have made on Exchange: pairs, amounts, rates and statuses, with a link to each order’s details.',
    'Все ваши обмены на Exchange: пары, суммы, курсы и статусы, со ссылкой на подробности каждого заказа.',
  ),
  'profile-info': profile(
    'Profile',
    'Профиль',
    'Your Exchange profile: email, password and account settings. Keep your contact details current to get order updates.',
    'Ваш профиль Exchange: email, пароль и настройки аккаунта. Держите контакты актуальными, чтобы получать уведомления о заказах.',
  ),
  'profile-keys': profile(
    'API keys',
    'API-ключи',
    'Create and revoke API keys to create and track exchanges from your own software through the Exchange API.',
    'Создавайте и отзывайте API-ключи, чтобы создавать и отслеживать обмены из своих программ через API Exchange.',
  ),
  'profile-verification': profile(
    'Identity verification',
    'Верификация',
    'Verify your identity to buy crypto with a bank card. See your verification status and what is still needed.',
    'Пройдите верификацию, чтобы покупать криптовалюту банковской картой. Здесь ваш статус проверки и что ещё нужно.',
  ),
  'profile-wallet': profile(
    'Wallet',
    'Кошелёк',
    'Your Exchange wallet: balances from cashback and affiliate earnings, ready to withdraw to your own address.',
    'Ваш кошелёк Exchange: балансы кэшбэка и партнёрских начислений, готовые к выводу на ваш адрес.',
  ),
  'profile-withdraw': profile(
    'Withdrawals',
    'Вывод средств',
    'Withdraw your cashback and affiliate earnings to your own wallet and follow the status of every withdrawal.',
    'Выводите кэшбэк и партнёрские начисления на свой кошелёк и следите за статусом каждого вывода.',
  ),
  blog: {
    en: {
      title: 'Crypto exchange blog: guides and news | Exchange',
      description: 'Guides to swapping crypto safely, explainers on coins and networks, and news from the Exchange team. Learn before you exchange.',
      ogTitle: 'Exchange blog — crypto guides and news',
      ogDescription: 'Practical guides to exchanging crypto, coin and network explainers, and product news from the Exchange team.',
    },
    ru: {
      title: 'Блог об обмене криптовалюты | Exchange',
      description: 'Руководства по безопасному обмену криптовалюты, разборы монет и сетей и новости команды Exchange. Узнайте больше перед обменом.',
      ogTitle: 'Блог Exchange — гайды и новости о криптовалюте',
      ogDescription: 'Практические руководства по обмену криптовалюты, разборы монет и сетей и новости команды Exchange.',
    },
  },
  'blog-page': {
    en: {
      title: 'Crypto exchange blog, page {page} | Exchange',
      description: 'Page {page} of the Exchange blog: guides to swapping crypto safely, explainers on coins and networks, and news from the team.',
      ogTitle: 'Exchange blog — page {page}',
      ogDescription: 'More crypto guides, coin and network explainers and product news from the Exchange team, page {page}.',
    },
    ru: {
      title: 'Блог об обмене криптовалюты, страница {page} | Exchange',
      description: 'Страница {page} блога Exchange: руководства по безопасному обмену криптовалюты, разборы монет и сетей, новости команды.',
      ogTitle: 'Блог Exchange — страница {page}',
      ogDescription: 'Ещё больше гайдов по криптовалюте, разборов монет и сетей и новостей команды Exchange, страница {page}.',
    },
  },
  'blog-slug': {
    en: {
      title: '{topic} | Exchange blog',
      description: '{topic}: read it on the Exchange blog, with practical guides to swapping crypto, coin and network explainers and product news.',
      ogTitle: '{topic} — Exchange blog',
      ogDescription: '{topic} on the Exchange blog: crypto guides, explainers and news from the team.',
    },
    ru: {
      title: '{topic} | Блог Exchange',
      description: '{topic}: читайте в блоге Exchange, где собраны руководства по обмену криптовалюты, разборы монет и сетей и новости сервиса.',
      ogTitle: '{topic} — блог Exchange',
      ogDescription: '{topic} в блоге Exchange: гайды по криптовалюте, разборы и новости команды.',
    },
  },
  'blog-slug-page': {
    en: {
      title: '{topic}, page {page} | Exchange blog',
      description: '{topic}, page {page}: more articles on the Exchange blog, with practical guides to swapping crypto, explainers and product news.',
      ogTitle: '{topic}, page {page} — Exchange blog',
      ogDescription: '{topic} on the Exchange blog, page {page}: crypto guides, explainers and news from the team.',
    },
    ru: {
      title: '{topic}, страница {page} | Блог Exchange',
      description: '{topic}, страница {page}: ещё больше статей в блоге Exchange — руководства по обмену криптовалюты, разборы и новости сервиса.',
      ogTitle: '{topic}, страница {page} — блог Exchange',
      ogDescription: '{topic} в блоге Exchange, страница {page}: гайды по криптовалюте, разборы и новости команды.',
    },
  },
  docs: {
    en: {
      title: 'Exchange API documentation | Exchange',
      description:
        'Integrate instant crypto exchange into your product: the Exchange API reference, authentication with API keys, and an interactive API explorer.',
      ogTitle: 'Exchange API documentation',
      ogDescription: 'Everything you need to create and track crypto exchanges from your own software, with an interactive API explorer.',
    },
    ru: {
      title: 'Документация API Exchange | Exchange',
      description:
        'Встройте мгновенный обмен криптовалюты в свой продукт: справочник API Exchange, авторизация по API-ключам и интерактивный API-обозреватель.',
      ogTitle: 'Документация API Exchange',
      ogDescription: 'Всё, что нужно, чтобы создавать и отслеживать обмены криптовалюты из своих программ, с интерактивным API-обозревателем.',
    },
  },
  'docs-slug': {
    en: {
      title: '{topic} | Exchange API docs',
      description: '{topic} in the Exchange API documentation: how it works, request and response examples, and an API explorer to try the calls live.',
      ogTitle: '{topic} — Exchange API docs',
      ogDescription: '{topic}: reference and examples for integrating instant crypto exchange through the Exchange API.',
    },
    ru: {
      title: '{topic} | Документация API Exchange',
      description: '{topic} в документации API Exchange: как это работает, примеры запросов и ответов и API-обозреватель, чтобы попробовать вызовы.',
      ogTitle: '{topic} — документация API Exchange',
      ogDescription: '{topic}: справочник и примеры для интеграции мгновенного обмена криптовалюты через API Exchange.',
    },
  },
  roadmap: {
    en: {
      title: 'Product roadmap | Exchange',
      description: 'What the Exchange team has shipped and what is coming next: new coins and networks, account features and API improvements.',
      ogTitle: 'Exchange roadmap — what is coming next',
      ogDescription: 'Follow the Exchange roadmap: new coins and networks, account features and API improvements, shipped and planned.',
    },
    ru: {
      title: 'Дорожная карта | Exchange',
      description: 'Что команда Exchange уже выпустила и что будет дальше: новые монеты и сети, возможности аккаунта и улучшения API.',
      ogTitle: 'Дорожная карта Exchange — что дальше',
      ogDescription: 'Следите за дорожной картой Exchange: новые монеты и сети, возможности аккаунта и улучшения API — готовое и запланированное.',
    },
  },
  support: {
    en: {
      title: 'Support: help with your exchange | Exchange',
      description:
        'Questions about an order, a refund or a changed rate? Find answers to common questions or contact the Exchange support team around the clock.',
      ogTitle: 'Exchange support — we are here to help',
      ogDescription: 'Get help with an order, a refund or a rate change from the Exchange support team, around the clock.',
    },
    ru: {
      title: 'Поддержка: помощь с обменом | Exchange',
      description:
        'Вопрос о заказе, возврате или изменении курса? Найдите ответ среди частых вопросов или напишите в поддержку Exchange — мы на связи круглосуточно.',
      ogTitle: 'Поддержка Exchange — мы поможем',
      ogDescription: 'Помощь с заказом, возвратом или изменением курса от команды поддержки Exchange, круглосуточно.',
    },
  },
};
