import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { Toast, type Tone } from 'remote-kit/ui';
import type { Notification } from 'shared-contracts';
import { useStores } from '../stores/RootStore';
import s from './Notifications.module.css';

const TONES: Record<Notification['type'], Tone> = { success: 'success', error: 'danger', info: 'info', warning: 'warning' };

/** §4 notifications as the design system's toasts; the region exists from the first render so additions are announced. */
export const Notifications = observer(function Notifications() {
  const { notifications } = useStores();
  const { t } = useShellT();
  return (
    <div className={s.region} aria-live="polite">
      {notifications.items.map((n) => (
        <Toast key={n.id} tone={TONES[n.type]} data-testid="notification" closeLabel={t('notification.close')} onClose={() => notifications.remove(n.id)}>
          {n.message}
        </Toast>
      ))}
    </div>
  );
});
