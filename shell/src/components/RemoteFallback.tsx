import { useTranslation } from 'react-i18next';
import s from './RemoteFallback.module.css';

export function RemoteFallback() {
  const { t } = useTranslation('shell');
  return (
    <div className={s.fallback} data-testid="remote-fallback" role="status">
      <p>{t('fallback.text')}</p>
    </div>
  );
}
