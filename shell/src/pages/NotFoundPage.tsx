import { useTranslation } from 'react-i18next';
import { ButtonLink } from 'remote-kit/ui';
import { LocalLink } from '../host/LocalLink';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="page page--center">
      <h1 data-testid="not-found">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <ButtonLink
        render={({ className, children }) => (
          <LocalLink to="/" className={className}>
            {children}
          </LocalLink>
        )}
      >
        {t('notFound.home')}
      </ButtonLink>
    </section>
  );
}
