// The remote's i18next namespace (ARCHITECTURE.md): the shell registers `resources` with addResourceBundle.
export const namespace = 'mfe-profile';

const en = {
  info_title: 'Profile',
  history_title: 'Order history',
  wallet_title: 'Wallet',
  withdraw_title: 'Withdrawals',
  affiliate_title: 'Affiliate program',
  cashback_title: 'Cashback',
  keys_title: 'API keys',
  verification_title: 'Identity verification',
  signed_in_as: 'Signed in as {{email}}',
  sign_in_needed: 'Sign in to see this section of your account.',
  sign_in: 'Sign in',
  next_release: 'This section of the personal account arrives in the next release.',
};

const ru: Record<keyof typeof en, string> = {
  info_title: 'Профиль',
  history_title: 'История заказов',
  wallet_title: 'Кошелёк',
  withdraw_title: 'Вывод средств',
  affiliate_title: 'Партнёрская программа',
  cashback_title: 'Кэшбэк',
  keys_title: 'API-ключи',
  verification_title: 'Верификация личности',
  signed_in_as: 'Вы вошли как {{email}}',
  sign_in_needed: 'Войдите, чтобы увидеть этот раздел личного кабинета.',
  sign_in: 'Войти',
  next_release: 'Этот раздел личного кабинета появится в следующем выпуске.',
};

export const resources = { en, ru };
