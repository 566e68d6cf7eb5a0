// The QR scanner dialog (§2), in a chunk of its own that is asked for when a scan button is first pressed: the
// camera's picture while the reader looks for a code, what went wrong in words (camera blocked, no camera, no code
// in the photo), and a photo of the code as the other way in. Each opening is a fresh session; closing stops the camera.
import { observer } from 'mobx-react-lite';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { Button, Dialog, LiveRegion, Spinner } from 'remote-kit/ui';
import { loadQrDetector } from './detector';
import { browserScannerDeps, type ScannerDeps, ScannerSession } from './ScannerSession';
import styles from './QrScanner.module.css';

export interface QrScannerDialogProps {
  open: boolean;
  onClose(): void;
  /** What is scanned, e.g. "Scan the address QR code". */
  title: string;
  /** Said when a code holds nothing for this field, e.g. "This QR code holds no address." */
  noMatchText: string;
  /** A code was read: true when it filled the field (the caller closes the dialog then). */
  accept(raw: string): boolean;
  t: TFunction;
  /** The reader, camera and image decoder (tests pass fakes; the browser's by default). */
  deps?: Partial<Omit<ScannerDeps, 'accept'>>;
}

export default function QrScannerDialog(props: QrScannerDialogProps) {
  return props.open ? <OpenScanner {...props} /> : null;
}

function OpenScanner({ onClose, title, noMatchText, accept, t, deps }: QrScannerDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  // the session calls the latest `accept` (a parent passes a new function each render)
  const acceptRef = useRef(accept);
  useEffect(() => {
    acceptRef.current = accept;
  });
  // mounted only on a click in the browser (never on the server): the browser's camera API can be read here
  const [session] = useState(
    () => new ScannerSession({ loadDetector: loadQrDetector, ...browserScannerDeps(), ...deps, accept: (raw) => acceptRef.current(raw) }),
  );
  useEffect(() => {
    void session.start(video.current);
    return () => session.stop();
  }, [session]);

  const onPhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same photo can be picked again
    if (file) void session.readPhoto(file);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={t('scanner_description')}
      closeLabel={t('close')}
      data-testid="qr-scanner"
      footer={
        <>
          {/* outside the dialog's body, hidden and out of the Tab order: the button below opens it */}
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={onPhoto}
            data-testid="qr-photo-input"
          />
          <PhotoButton session={session} onClick={() => photoInput.current?.click()} t={t} />
          <Button variant="ghost" onClick={onClose} data-testid="qr-cancel">
            {t('scanner_cancel')}
          </Button>
        </>
      }
    >
      <ScannerView session={session} video={video} noMatchText={noMatchText} t={t} />
    </Dialog>
  );
}

const PhotoButton = observer(function PhotoButton({ session, onClick, t }: { session: ScannerSession; onClick(): void; t: TFunction }) {
  const noCamera = session.camera === 'denied' || session.camera === 'unavailable';
  return (
    <Button
      variant={noCamera ? 'primary' : 'secondary'}
      onClick={onClick}
      disabled={session.reader === 'failed'}
      loading={session.notice === 'reading'}
      data-testid="qr-photo"
    >
      {t('scanner_photo')}
    </Button>
  );
});

const ScannerView = observer(function ScannerView({
  session,
  video,
  noMatchText,
  t,
}: {
  session: ScannerSession;
  video: React.RefObject<HTMLVideoElement | null>;
  noMatchText: string;
  t: TFunction;
}) {
  const { camera, reader, notice } = session;
  const cameraText =
    reader === 'failed'
      ? t('scanner_failed')
      : camera === 'starting'
        ? t('scanner_starting')
        : camera === 'live'
          ? t('scanner_live')
          : camera === 'denied'
            ? t('scanner_denied')
            : camera === 'unavailable'
              ? t('scanner_unavailable')
              : '';
  const noticeText = notice === 'reading' ? t('scanner_reading') : notice === 'notFound' ? t('scanner_not_found') : notice === 'noAddress' ? noMatchText : '';
  const state = reader === 'failed' ? 'failed' : camera;
  return (
    <div className={styles.scanner}>
      <div className={styles.viewport} hidden={camera !== 'live'}>
        <video ref={video} className={styles.video} muted playsInline autoPlay aria-label={t('scanner_video')} data-testid="qr-video" />
        <span className={styles.frame} aria-hidden="true" />
      </div>
      <div className={styles.status}>
        {camera === 'starting' && reader !== 'failed' ? <Spinner size="sm" /> : null}
        <LiveRegion visible>
          <span data-testid="qr-status" data-state={state} data-notice={notice ?? ''}>
            {cameraText}
            {cameraText && noticeText ? ' ' : null}
            {noticeText}
          </span>
        </LiveRegion>
      </div>
    </div>
  );
});
