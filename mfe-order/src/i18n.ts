// The remote's i18next namespace (ARCHITECTURE.md): the shell registers `resources` with addResourceBundle.
export const namespace = 'mfe-order';

const en = {
  order_title: 'Order',
  pending_title: 'Pending order',
  order_id: 'Order ID: {{id}}',
  next_release: 'Order tracking arrives in the next release.',
};

const ru: Record<keyof typeof en, string> = {
  order_title: 'Заказ',
  pending_title: 'Заказ в обработке',
  order_id: 'Номер заказа: {{id}}',
  next_release: 'Отслеживание заказа появится в следующем выпуске.',
};

export const resources = { en, ru };
