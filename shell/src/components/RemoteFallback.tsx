import { useTranslation } from 'react-i18next';

export function RemoteFallback() {
  const { t } = useTranslation('shell');
  return (
    <div className="remote-fallback" data-testid="remote-fallback" role="status">
      <p>{t('fallback.text')}</p>
    </div>
  );
}
