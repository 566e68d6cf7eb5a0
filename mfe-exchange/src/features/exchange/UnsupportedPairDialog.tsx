import type { TFunction } from 'i18next';
import { Button, Dialog } from 'remote-kit/ui';

/** §8 the pair cannot be exchanged (refused by the api, the same coin twice, fiat asked for on the receive side). */
export default function UnsupportedPairDialog({ onClose, t }: { onClose(): void; t: TFunction }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('error_pair_not_supported_title')}
      description={t('error_pair_not_supported_text')}
      size="sm"
      data-testid="unsupported-popup"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    />
  );
}
