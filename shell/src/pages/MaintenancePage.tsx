import { Button } from 'remote-kit/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/RootStore';

export const MaintenancePage = observer(function MaintenancePage() {
  const { t } = useTranslation('shell');
  const { health } = useStores();
  return (
    <section className="page page--center" data-testid="maintenance">
      <h1 data-testid="page-title">{t('maintenance.title')}</h1>
      <p className="muted">{t('maintenance.text')}</p>
      <Button loading={health.checking} onClick={() => void health.check()}>
        {t('maintenance.retry')}
      </Button>
    </section>
  );
});
