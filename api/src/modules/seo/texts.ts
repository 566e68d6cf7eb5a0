// §2 SEO texts of every page kind in both locales. `{name}` placeholders are filled by service.ts: `{from}`/`{to}`
// (instrument codes) and `{fromName}`/`{toName}` on the pair page, `{topic}` (the humanised slug) on blog and docs
// pages, `{page}` on paginated ones. The table's type makes a missing page kind, locale or key a compile error.
import type { LocaleCode, SeoConfigId, SeoStructuredDataTexts, SeoTexts } from 'shared-contracts/server';

type PageTexts = Omit<SeoTexts, 'structuredData'>;
type SeoTextTable = { [K in SeoConfigId]: Record<LocaleCode, K extends 'index' ? PageTexts & { structuredData: SeoStructuredDataTexts } : PageTexts> };

const profile = (en: string, ru: string, enAbout: string, ruAbout: string): Record<LocaleCode, PageTexts> => ({
  en: { title: `${en} | Coinferry`, description: enAbout, ogTitle: `${en} — Coinferry account`, ogDescription: enAbout },
  ru: { title: `${ru} | Coinferry`, description: ruAbout, ogTitle: `${ru} — личный кабинет Coinferry`, ogDescription: ruAbout },
});

export const SEO_TEXTS: SeoTextTable = {
  index: {
    en: {
      title: 'Instant crypto exchange: swap 20+ coins | Coinferry',
      description:
        'Swap Bitcoin, Ethereum, USDT and 20+ other coins in minutes at a fixed or floating rate. No sign-up needed, clear fees, every order tracked live.',
      ogTitle: 'Coinferry — swap crypto in minutes',
      ogDescription: 'Pick a pair, send your coins and get the exchanged amount to your wallet in minutes. Fixed or floating rate, no account needed.',
      structuredData: {
        organizationName: 'Coinferry',
        organizationDescription:
          'Coinferry is an instant cryptocurrency exchange service: swap Bitcoin, Ethereum, stablecoins and other coins at a fixed or floating rate without an account.',
        reviewAuthor: 'Alex M.',
        reviewBody: 'Swapped BTC to USDT in about ten minutes. The rate was locked as promised and the order page showed every step.',
        ratingValue: '4.8',
      },
    },
    ru: {
      title: 'Мгновенный обмен криптовалюты: 20+ монет | Coinferry',
      description:
        'Обменивайте Bitcoin, Ethereum, USDT и ещё 20+ монет за несколько минут по фиксированному или плавающему курсу. Без регистрации, с понятными комиссиями.',
      ogTitle: 'Coinferry — обмен криптовалюты за минуты',
      ogDescription: 'Выберите пару, отправьте монеты и получите обмененную сумму на свой кошелёк за несколько минут. Фиксированный или плавающий курс.',
      structuredData: {
        organizationName: 'Coinferry',
        organizationDescription:
          'Coinferry — сервис мгновенного обмена криптовалюты: Bitcoin, Ethereum, стейблкоины и другие монеты по фиксированному или плавающему курсу без регистрации.',
        reviewAuthor: 'Алексей М.',
        reviewBody: 'Обменял BTC на USDT примерно за десять минут. Курс зафиксировали, как и обещали, а на странице заказа был виден каждый шаг.',
        ratingValue: '4.8',
      },
    },
  },
  'exchange-pair': {
    en: {
      title: 'Exchange {from} to {to} instantly | Coinferry',
      description:
        'Swap {fromName} for {toName} in minutes at a fixed or floating rate. No sign-up, the live rate and fees shown before you send, the order tracked to payout.',
      ogTitle: '{from} to {to} exchange — {fromName} for {toName}',
      ogDescription: 'Exchange {fromName} for {toName} in a few minutes: see the live rate, send {from} and receive {to} straight to your wallet.',
    },
    ru: {
      title: 'Обмен {from} на {to} за минуты | Coinferry',
      description:
        'Обменяйте {fromName} на {toName} за несколько минут по фиксированному или плавающему курсу. Без регистрации, курс и комиссии видны до отправки.',
      ogTitle: 'Обмен {from} на {to} — {fromName} на {toName}',
      ogDescription: 'Обмен {fromName} на {toName} за несколько минут: актуальный курс, отправьте {from} и получите {to} прямо на свой кошелёк.',
    },
  },
  'order-pending': {
    en: {
      title: 'Your order is being created | Coinferry',
      description: 'Your exchange order is being created. In a moment you will see the deposit address, the amount to send and the time left to send it.',
      ogTitle: 'Exchange order in progress',
      ogDescription: 'Your crypto exchange order is being created: the deposit address and amount appear in a moment.',
    },
    ru: {
      title: 'Заказ создаётся | Coinferry',
      description: 'Ваш заказ на обмен создаётся. Через мгновение появятся адрес для отправки, сумма и время, за которое нужно отправить монеты.',
      ogTitle: 'Заказ на обмен в обработке',
      ogDescription: 'Ваш заказ на обмен криптовалюты создаётся: адрес и сумма для отправки появятся через мгновение.',
    },
  },
  'order-id': {
    en: {
      title: 'Exchange order status | Coinferry',
      description:
        'Follow your exchange step by step: deposit received, confirmations, exchange and payout. Request a refund or accept a new rate right on this page.',
      ogTitle: 'Track your crypto exchange order',
      ogDescription: 'Every step of your exchange in one place: deposit, confirmations, exchange and payout to your wallet.',
    },
    ru: {
      title: 'Статус заказа на обмен | Coinferry',
      description:
        'Следите за обменом по шагам: получение депозита, подтверждения сети, обмен и выплата. Здесь же можно запросить возврат или принять новый курс.',
      ogTitle: 'Отслеживание заказа на обмен',
      ogDescription: 'Все шаги обмена в одном месте: депозит, подтверждения сети, обмен и выплата на ваш кошелёк.',
    },
  },
  'popular-exchanges': {
    en: {
      title: 'Popular crypto exchange pairs | Coinferry',
      description:
        'The pairs people swap most on Coinferry: Bitcoin, Ethereum, USDT and more. Open a pair to see its live rate and limits, then exchange in minutes.',
      ogTitle: 'Most popular crypto pairs to exchange',
      ogDescription: 'See which crypto pairs are swapped most and exchange any of them in minutes at a fixed or floating rate.',
    },
    ru: {
      title: 'Популярные направления обмена | Coinferry',
      description:
        'Самые востребованные пары на Coinferry: Bitcoin, Ethereum, USDT и другие. Откройте пару, чтобы увидеть актуальный курс и лимиты, и обменяйте за минуты.',
      ogTitle: 'Самые популярные пары для обмена криптовалюты',
      ogDescription: 'Узнайте, какие пары обменивают чаще всего, и обменяйте любую из них за минуты по фиксированному или плавающему курсу.',
    },
  },
  lk: profile(
    'Personal account',
    'Личный кабинет',
    'Your Coinferry account: profile, order history, cashback, affiliate earnings, API keys and withdrawals, all in one place.',
    'Ваш аккаунт Coinferry: профиль, история заказов, кэшбэк, партнёрские начисления, API-ключи и вывод средств в одном месте.',
  ),
  'profile-admin-verifications': profile(
    'Verification review',
    'Проверка верификаций',
    'For Coinferry administrators: review pending identity verifications, check the documents, then pass or reject them.',
    'Для администраторов Coinferry: проверка заявок на верификацию личности, документов и решение — одобрить или отклонить.',
  ),
  'profile-affiliate-program': profile(
    'Affiliate programme',
    'Партнёрская программа',
    'Invite people to Coinferry with your referral link and earn a share of every exchange they make. Track referrals and earnings here.',
    'Приглашайте людей в Coinferry по реферальной ссылке и получайте долю с каждого их обмена. Здесь видны рефералы и начисления.',
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
    'Every exchange you have made on Coinferry: pairs, amounts, rates and statuses, with a link to each order’s details.',
    'Все ваши обмены на Coinferry: пары, суммы, курсы и статусы, со ссылкой на подробности каждого заказа.',
  ),
  'profile-info': profile(
    'Profile',
    'Профиль',
    'Your Coinferry profile: email, password and account settings. Keep your contact details current to get order updates.',
    'Ваш профиль Coinferry: email, пароль и настройки аккаунта. Держите контакты актуальными, чтобы получать уведомления о заказах.',
  ),
  'profile-keys': profile(
    'API keys',
    'API-ключи',
    'Create and revoke API keys to create and track exchanges from your own software through the Coinferry API.',
    'Создавайте и отзывайте API-ключи, чтобы создавать и отслеживать обмены из своих программ через API Coinferry.',
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
    'Your Coinferry wallet: balances from cashback and affiliate earnings, ready to withdraw to your own address.',
    'Ваш кошелёк Coinferry: балансы кэшбэка и партнёрских начислений, готовые к выводу на ваш адрес.',
  ),
  'profile-withdraw': profile(
    'Withdrawals',
    'Вывод средств',
    'Withdraw your cashback and affiliate earnings to your own wallet and follow the status of every withdrawal.',
    'Выводите кэшбэк и партнёрские начисления на свой кошелёк и следите за статусом каждого вывода.',
  ),
  blog: {
    en: {
      title: 'Crypto exchange blog: guides and news | Coinferry',
      description: 'Guides to swapping crypto safely, explainers on coins and networks, and news from the Coinferry team. Learn before you exchange.',
      ogTitle: 'Coinferry blog — crypto guides and news',
      ogDescription: 'Practical guides to exchanging crypto, coin and network explainers, and product news from the Coinferry team.',
    },
    ru: {
      title: 'Блог об обмене криптовалюты | Coinferry',
      description: 'Руководства по безопасному обмену криптовалюты, разборы монет и сетей и новости команды Coinferry. Узнайте больше перед обменом.',
      ogTitle: 'Блог Coinferry — гайды и новости о криптовалюте',
      ogDescription: 'Практические руководства по обмену криптовалюты, разборы монет и сетей и новости команды Coinferry.',
    },
  },
  'blog-page': {
    en: {
      title: 'Crypto exchange blog, page {page} | Coinferry',
      description: 'Page {page} of the Coinferry blog: guides to swapping crypto safely, explainers on coins and networks, and news from the team.',
      ogTitle: 'Coinferry blog — page {page}',
      ogDescription: 'More crypto guides, coin and network explainers and product news from the Coinferry team, page {page}.',
    },
    ru: {
      title: 'Блог об обмене криптовалюты, страница {page} | Coinferry',
      description: 'Страница {page} блога Coinferry: руководства по безопасному обмену криптовалюты, разборы монет и сетей, новости команды.',
      ogTitle: 'Блог Coinferry — страница {page}',
      ogDescription: 'Ещё больше гайдов по криптовалюте, разборов монет и сетей и новостей команды Coinferry, страница {page}.',
    },
  },
  'blog-slug': {
    en: {
      title: '{topic} | Coinferry blog',
      description: '{topic}: read it on the Coinferry blog, with practical guides to swapping crypto, coin and network explainers and product news.',
      ogTitle: '{topic} — Coinferry blog',
      ogDescription: '{topic} on the Coinferry blog: crypto guides, explainers and news from the team.',
    },
    ru: {
      title: '{topic} | Блог Coinferry',
      description: '{topic}: читайте в блоге Coinferry, где собраны руководства по обмену криптовалюты, разборы монет и сетей и новости сервиса.',
      ogTitle: '{topic} — блог Coinferry',
      ogDescription: '{topic} в блоге Coinferry: гайды по криптовалюте, разборы и новости команды.',
    },
  },
  'blog-slug-page': {
    en: {
      title: '{topic}, page {page} | Coinferry blog',
      description: '{topic}, page {page}: more articles on the Coinferry blog, with practical guides to swapping crypto, explainers and product news.',
      ogTitle: '{topic}, page {page} — Coinferry blog',
      ogDescription: '{topic} on the Coinferry blog, page {page}: crypto guides, explainers and news from the team.',
    },
    ru: {
      title: '{topic}, страница {page} | Блог Coinferry',
      description: '{topic}, страница {page}: ещё больше статей в блоге Coinferry — руководства по обмену криптовалюты, разборы и новости сервиса.',
      ogTitle: '{topic}, страница {page} — блог Coinferry',
      ogDescription: '{topic} в блоге Coinferry, страница {page}: гайды по криптовалюте, разборы и новости команды.',
    },
  },
  docs: {
    en: {
      title: 'Coinferry API documentation | Coinferry',
      description:
        'Integrate instant crypto exchange into your product: the Coinferry API reference, authentication with API keys, and an interactive API explorer.',
      ogTitle: 'Coinferry API documentation',
      ogDescription: 'Everything you need to create and track crypto exchanges from your own software, with an interactive API explorer.',
    },
    ru: {
      title: 'Документация API Coinferry | Coinferry',
      description:
        'Встройте мгновенный обмен криптовалюты в свой продукт: справочник API Coinferry, авторизация по API-ключам и интерактивный API-обозреватель.',
      ogTitle: 'Документация API Coinferry',
      ogDescription: 'Всё, что нужно, чтобы создавать и отслеживать обмены криптовалюты из своих программ, с интерактивным API-обозревателем.',
    },
  },
  'docs-slug': {
    en: {
      title: '{topic} | Coinferry API docs',
      description: '{topic} in the Coinferry API documentation: how it works, request and response examples, and an API explorer to try the calls live.',
      ogTitle: '{topic} — Coinferry API docs',
      ogDescription: '{topic}: reference and examples for integrating instant crypto exchange through the Coinferry API.',
    },
    ru: {
      title: '{topic} | Документация API Coinferry',
      description: '{topic} в документации API Coinferry: как это работает, примеры запросов и ответов и API-обозреватель, чтобы попробовать вызовы.',
      ogTitle: '{topic} — документация API Coinferry',
      ogDescription: '{topic}: справочник и примеры для интеграции мгновенного обмена криптовалюты через API Coinferry.',
    },
  },
  roadmap: {
    en: {
      title: 'Product roadmap | Coinferry',
      description: 'What the Coinferry team has shipped and what is coming next: new coins and networks, account features and API improvements.',
      ogTitle: 'Coinferry roadmap — what is coming next',
      ogDescription: 'Follow the Coinferry roadmap: new coins and networks, account features and API improvements, shipped and planned.',
    },
    ru: {
      title: 'Дорожная карта | Coinferry',
      description: 'Что команда Coinferry уже выпустила и что будет дальше: новые монеты и сети, возможности аккаунта и улучшения API.',
      ogTitle: 'Дорожная карта Coinferry — что дальше',
      ogDescription: 'Следите за дорожной картой Coinferry: новые монеты и сети, возможности аккаунта и улучшения API — готовое и запланированное.',
    },
  },
  support: {
    en: {
      title: 'Support: help with your exchange | Coinferry',
      description:
        'Questions about an order, a refund or a changed rate? Find answers to common questions or contact the Coinferry support team around the clock.',
      ogTitle: 'Coinferry support — we are here to help',
      ogDescription: 'Get help with an order, a refund or a rate change from the Coinferry support team, around the clock.',
    },
    ru: {
      title: 'Поддержка: помощь с обменом | Coinferry',
      description:
        'Вопрос о заказе, возврате или изменении курса? Найдите ответ среди частых вопросов или напишите в поддержку Coinferry — мы на связи круглосуточно.',
      ogTitle: 'Поддержка Coinferry — мы поможем',
      ogDescription: 'Помощь с заказом, возвратом или изменением курса от команды поддержки Coinferry, круглосуточно.',
    },
  },
  status: {
    en: {
      title: 'Service status | Coinferry',
      description: 'Is Coinferry working right now? The live health of the exchange, its history over the last 90 days and every incident, as it happened.',
      ogTitle: 'Coinferry service status',
      ogDescription: 'Live health of the Coinferry exchange, 90 days of history and the incidents we posted.',
    },
    ru: {
      title: 'Статус сервиса | Coinferry',
      description: 'Работает ли Coinferry прямо сейчас? Текущее состояние обменника, история за последние 90 дней и все инциденты — как они были.',
      ogTitle: 'Статус сервиса Coinferry',
      ogDescription: 'Текущее состояние обменника Coinferry, история за 90 дней и опубликованные инциденты.',
    },
  },
  terms: {
    en: {
      title: 'Terms of use | Coinferry',
      description: 'The rules of a Coinferry exchange: rates, fixed and floating orders, deposits, refunds, held orders, accounts, fees and our liability.',
      ogTitle: 'Coinferry terms of use',
      ogDescription: 'How an exchange at Coinferry works, what we promise and what we ask of you.',
    },
    ru: {
      title: 'Условия использования | Coinferry',
      description:
        'Правила обмена в Coinferry: курсы, фиксированные и плавающие заказы, депозиты, возвраты, задержанные заказы, аккаунты, комиссии и ответственность.',
      ogTitle: 'Условия использования Coinferry',
      ogDescription: 'Как работает обмен в Coinferry, что мы обещаем и чего ждём от вас.',
    },
  },
  privacy: {
    en: {
      title: 'Privacy policy | Coinferry',
      description:
        'What Coinferry keeps about you (orders, addresses, email, identity documents, logs, cookies), why, for how long, and how to ask for it or delete it.',
      ogTitle: 'Coinferry privacy policy',
      ogDescription: 'The data an exchange at Coinferry keeps, why and for how long; cookies and your choices.',
    },
    ru: {
      title: 'Политика конфиденциальности | Coinferry',
      description: 'Какие данные хранит Coinferry (заказы, адреса, email, документы, журналы, cookie), зачем, как долго и как получить или удалить их.',
      ogTitle: 'Политика конфиденциальности Coinferry',
      ogDescription: 'Какие данные хранит обменник Coinferry, зачем и как долго; cookie и ваш выбор.',
    },
  },
  'aml-kyc': {
    en: {
      title: 'AML/KYC policy | Coinferry',
      description: 'How Coinferry screens deposits, when an order is held, when we ask for identity verification, and what happens to held funds.',
      ogTitle: 'Coinferry AML/KYC policy',
      ogDescription: 'Deposit screening, held orders, identity verification and refunds at Coinferry.',
    },
    ru: {
      title: 'Политика AML/KYC | Coinferry',
      description:
        'Как Coinferry проверяет депозиты, когда заказ задерживается, когда мы просим пройти верификацию и что происходит с задержанными средствами.',
      ogTitle: 'Политика AML/KYC Coinferry',
      ogDescription: 'Проверка депозитов, задержанные заказы, верификация личности и возвраты в Coinferry.',
    },
  },
};
