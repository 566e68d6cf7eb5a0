import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/RootStore';

export const Notifications = observer(function Notifications() {
  const { notifications } = useStores();
  const { t } = useTranslation('shell');
  return (
    <div className="notifications" aria-live="polite">
      {notifications.items.map((n) => (
        <div key={n.id} className={`notification notification--${n.type}`} data-testid="notification" role={n.type === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          <button type="button" className="notification__close" aria-label={t('notification.close')} onClick={() => notifications.remove(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
});
