// The view of ProfileAdminVerificationsPage inside its frame (the page owns the stores and their lifecycle).
import { type FormEvent, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { fillPath, type HostServices, routeTable } from 'shared-contracts';
import { Badge, Button, Card, Dialog, Table, type TableColumn, TextField, type Tone } from 'remote-kit/ui';
import { RelativeTime } from 'remote-kit/format';
import { Loadable } from 'remote-kit/load';
import { intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import { type AdminKycVerification, type AdminVerificationsStore, isPending } from './AdminVerificationsStore';
import styles from '../../layout/profile.module.css';

const REASON_MAX = 500;
const DOCUMENT_KINDS = ['face', 'front', 'back'] as const;
type DocumentKind = (typeof DOCUMENT_KINDS)[number];
const DOC_TEXT = { face: 'admin_kyc_doc_face', front: 'admin_kyc_doc_front', back: 'admin_kyc_doc_back' } as const;
const STATUS_TONE: Record<string, Tone> = { CREATED: 'info', PROCESS: 'warning', PASS: 'success', REJECT: 'danger', NOT_STARTED: 'neutral' };

/** A country code as its name in the site's language (the code itself where Intl cannot name it). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The same-origin URL of a document image: the browser sends the session cookie, the route checks the permission. */
function documentUrl(host: HostServices, verificationId: string, kind: DocumentKind): string {
  return `${host.config.apiBaseUrl}${fillPath(routeTable.adminKycDocument.path, { verificationId, kind })}`;
}

export function Forbidden({ host }: { host: HostServices }) {
  const t = useT(host);
  return (
    <Card title={t('admin_kyc_forbidden_title')} data-testid="admin-kyc-forbidden">
      <p className={styles.text}>{t('admin_kyc_forbidden')}</p>
    </Card>
  );
}

function StatusBadge({ host, status }: { host: HostServices; status: AdminKycVerification['status'] }) {
  const t = useT(host);
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{t(`admin_kyc_status_${status}`)}</Badge>;
}

export const AdminVerificationsView = observer(function AdminVerificationsView({ host, store }: { host: HostServices; store: AdminVerificationsStore }) {
  const t = useT(host);
  if (store.openedId) return <Detail host={host} store={store} />;
  return (
    <Loadable
      status={store.loadState.status}
      testId="admin-kyc"
      loadingLabel={t('admin_kyc_loading')}
      errorMessage={t('admin_kyc_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.load()}
    >
      <PendingTable host={host} store={store} />
    </Loadable>
  );
});

const PendingTable = observer(function PendingTable({ host, store }: { host: HostServices; store: AdminVerificationsStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const columns: TableColumn[] = [
    { key: 'account', header: t('admin_kyc_col_account') },
    { key: 'document', header: t('admin_kyc_col_document') },
    { key: 'country', header: t('admin_kyc_col_country') },
    { key: 'submitted', header: t('admin_kyc_col_submitted') },
    { key: 'status', header: t('admin_kyc_col_status') },
    { key: 'actions', header: <span className={styles.nowrap}>{t('admin_kyc_col_actions')}</span> },
  ];
  const rows = store.items.map((v) => ({
    key: v.verificationId,
    data: { 'data-testid': 'admin-kyc-row', 'data-verification-id': v.verificationId, 'data-status': v.status },
    cells: {
      account: (
        <span className={styles.stack}>
          <span>{v.email}</span>
          <span className={styles.muted}>#{v.userId}</span>
        </span>
      ),
      document: t(`admin_kyc_type_${v.identityType}`),
      country: countryName(v.residenceCountry, locale),
      submitted: (
        <span className={styles.nowrap}>
          <RelativeTime value={v.createdAt} locale={locale} />
        </span>
      ),
      status: <StatusBadge host={host} status={v.status} />,
      actions: (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void store.open(v.verificationId)}
          data-testid="admin-kyc-open"
          aria-label={t('admin_kyc_open_named', { email: v.email })}
        >
          {t('admin_kyc_open')}
        </Button>
      ),
    },
  }));
  return <Table data-testid="admin-kyc-table" caption={t('admin_kyc_caption')} columns={columns} rows={rows} empty={t('admin_kyc_empty')} />;
});

function Back({ host, store }: { host: HostServices; store: AdminVerificationsStore }) {
  const t = useT(host);
  return (
    <div className={styles.actions}>
      <Button variant="ghost" onClick={() => store.close()} data-testid="admin-kyc-back">
        {t('admin_kyc_back')}
      </Button>
    </div>
  );
}

/** The opened verification: its loading card, its error card after the way back, or the verification. */
const Detail = observer(function Detail({ host, store }: { host: HostServices; store: AdminVerificationsStore }) {
  const t = useT(host);
  const { status } = store.detailState;
  return (
    <>
      {status === 'error' ? <Back host={host} store={store} /> : null}
      <Loadable
        status={status}
        ready={!!store.detail}
        testId="admin-kyc-detail"
        loadingLabel={t('admin_kyc_detail_loading')}
        errorMessage={t('admin_kyc_detail_error')}
        retryLabel={t('retry')}
        onRetry={() => store.openedId && void store.open(store.openedId)}
      >
        <DetailContent host={host} store={store} />
      </Loadable>
    </>
  );
});

const DetailContent = observer(function DetailContent({ host, store }: { host: HostServices; store: AdminVerificationsStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const [rejecting, setRejecting] = useState(false);
  const back = <Back host={host} store={store} />;
  const v = store.detail;
  if (!v) return null; // Loadable shows it only once the verification is there
  const name = `${v.firstName} ${v.lastName}`;
  const pending = isPending(v.status);
  const documents = DOCUMENT_KINDS.flatMap((kind) => {
    const doc = v.documents.find((d) => d.kind === kind);
    return doc ? [{ kind, deleted: doc.deleted }] : [];
  });
  return (
    <div className={styles.panel} data-testid="admin-kyc-detail" data-status={v.status} data-verification-id={v.verificationId}>
      {back}
      <Card title={t('admin_kyc_detail_title', { email: v.email })}>
        <dl className={styles.facts}>
          <dt>{t('admin_kyc_col_status')}</dt>
          <dd data-testid="admin-kyc-status">
            <StatusBadge host={host} status={v.status} />
          </dd>
          <dt>{t('admin_kyc_email')}</dt>
          <dd>{v.email}</dd>
          <dt>{t('admin_kyc_user_id')}</dt>
          <dd>{v.userId}</dd>
          <dt>{t('admin_kyc_name')}</dt>
          <dd data-testid="admin-kyc-name">{name}</dd>
          <dt>{t('admin_kyc_birth_date')}</dt>
          <dd className={styles.mono}>{v.birthDate}</dd>
          <dt>{t('admin_kyc_col_country')}</dt>
          <dd>{countryName(v.residenceCountry, locale)}</dd>
          <dt>{t('admin_kyc_col_document')}</dt>
          <dd>{t(`admin_kyc_type_${v.identityType}`)}</dd>
          <dt>{t('admin_kyc_identity_number')}</dt>
          <dd className={styles.mono}>{v.identityNumber}</dd>
          <dt>{t('admin_kyc_issue_country')}</dt>
          <dd>{countryName(v.issueCountry, locale)}</dd>
          <dt>{t('admin_kyc_expire_date')}</dt>
          <dd className={styles.mono}>{v.expireDate}</dd>
          <dt>{t('admin_kyc_col_submitted')}</dt>
          <dd>
            <RelativeTime value={v.createdAt} locale={locale} />
          </dd>
          {v.decidedAt ? (
            <div className={styles.contents}>
              <dt>{t('admin_kyc_decided_at')}</dt>
              <dd data-testid="admin-kyc-decided-at">
                <RelativeTime value={v.decidedAt} locale={locale} />
              </dd>
              <dt>{t('admin_kyc_decided_by')}</dt>
              <dd data-testid="admin-kyc-decided-by">
                {v.decidedBy == null ? t('admin_kyc_decided_by_auto') : t('admin_kyc_decided_by_admin', { id: v.decidedBy })}
              </dd>
            </div>
          ) : null}
          {v.rejectReason ? (
            <div className={styles.contents}>
              <dt>{t('admin_kyc_reject_reason')}</dt>
              <dd data-testid="admin-kyc-reject-reason">{v.rejectReason}</dd>
            </div>
          ) : null}
        </dl>
        {pending ? (
          <div className={styles.actions}>
            <Button loading={store.busy} onClick={() => void store.decide('PASS')} data-testid="admin-kyc-pass">
              {t('admin_kyc_pass')}
            </Button>
            <Button variant="danger" disabled={store.busy} onClick={() => setRejecting(true)} data-testid="admin-kyc-reject">
              {t('admin_kyc_reject')}
            </Button>
          </div>
        ) : null}
      </Card>
      <Card title={t('admin_kyc_documents')}>
        <div className={styles.actions}>
          {documents.map(({ kind, deleted }) =>
            deleted ? (
              <p key={kind} className={styles.muted} data-testid="admin-kyc-doc" data-kind={kind} data-deleted="true">
                {t('admin_kyc_doc_deleted', { kind: t(DOC_TEXT[kind]) })}
              </p>
            ) : (
              <a key={kind} href={documentUrl(host, v.verificationId, kind)} target="_blank" rel="noopener noreferrer">
                <img
                  className={styles.document}
                  src={documentUrl(host, v.verificationId, kind)}
                  alt={t('admin_kyc_doc_alt', { kind: t(DOC_TEXT[kind]), name })}
                  data-testid="admin-kyc-doc"
                  data-kind={kind}
                />
              </a>
            ),
          )}
        </div>
      </Card>
      <Card title={t('admin_kyc_audit')}>
        {v.audit.length === 0 ? (
          <p className={styles.muted}>{t('admin_kyc_audit_empty')}</p>
        ) : (
          <ol className={styles.stack} data-testid="admin-kyc-audit">
            {v.audit.map((a, i) => (
              <li key={`${a.createdAt}-${i}`}>
                <span className={styles.mono}>{a.action}</span> · <span className={styles.mono}>{a.actor}</span> ·{' '}
                <span className={styles.nowrap}>
                  <RelativeTime value={a.createdAt} locale={locale} />
                </span>
                {a.reason ? <span className={styles.muted}> · {a.reason}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      {rejecting ? <RejectDialog host={host} store={store} onClose={() => setRejecting(false)} /> : null}
    </div>
  );
});

function RejectDialog({ host, store, onClose }: { host: HostServices; store: AdminVerificationsStore; onClose: () => void }) {
  const t = useT(host);
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(true);
      return;
    }
    onClose();
    await store.decide('REJECT', reason);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin_kyc_reject_title')}
      description={t('admin_kyc_reject_text')}
      closeLabel={t('close')}
      size="sm"
      data-testid="admin-kyc-reject-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="admin-kyc-reject-form" variant="danger" loading={store.busy} data-testid="admin-kyc-reject-confirm">
            {t('admin_kyc_reject_confirm')}
          </Button>
        </>
      }
    >
      <form id="admin-kyc-reject-form" className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('admin_kyc_reason')}
          maxLength={REASON_MAX}
          required
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
          error={error ? t('admin_kyc_reason_required') : undefined}
          data-testid="admin-kyc-reason"
        />
      </form>
    </Dialog>
  );
}
