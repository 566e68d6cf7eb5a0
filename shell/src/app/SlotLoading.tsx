import { useTranslation } from 'react-i18next';

export function SlotLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="slot-loading" aria-busy="true" data-testid="slot-loading">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="skeleton skeleton--title" />
      <div className="skeleton" />
      <div className="skeleton" />
    </div>
  );
}
