import { Button } from 'remote-kit/ui';
import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { useStores } from '../stores/RootStore';

/** §4 the app disabled: technical works (the api's status), or past the health threshold "you are offline" / "our service is down". */
export const MaintenancePage = observer(function MaintenancePage() {
  const { t } = useShellT();
  const { health } = useStores();
  const texts =
    health.outage === 'offline'
      ? { title: t('maintenance.offline_title'), text: t('maintenance.offline_text') }
      : health.outage === 'service-down'
        ? { title: t('maintenance.down_title'), text: t('maintenance.down_text') }
        : { title: t('maintenance.title'), text: t('maintenance.text') };
  return (
    <section className="page page--center" data-testid="maintenance" data-outage={health.outage ?? undefined}>
      <h1 data-testid="page-title">{texts.title}</h1>
      <p className="muted">{texts.text}</p>
      <Button loading={health.checking} onClick={() => void health.check()}>
        {t('maintenance.retry')}
      </Button>
    </section>
  );
});
