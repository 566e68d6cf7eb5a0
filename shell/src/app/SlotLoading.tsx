import { useShellT } from '../i18n/useShellT';
import { Skeleton, VisuallyHidden } from 'remote-kit/ui';

export function SlotLoading() {
  const { t } = useShellT();
  return (
    <div className="slot-loading" aria-busy="true" data-testid="slot-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Skeleton height="36px" width="50%" />
      <Skeleton lines={2} />
    </div>
  );
}
