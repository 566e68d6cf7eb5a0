import { useTranslation } from 'react-i18next';
import { LocalLink } from '../host/LocalLink';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="page page--center">
      <h1 data-testid="not-found">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <LocalLink to="/" className="button">
        {t('notFound.home')}
      </LocalLink>
    </section>
  );
}
