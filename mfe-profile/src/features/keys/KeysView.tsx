// The view of ProfileKeysPage inside its frame (the page owns the stores and their lifecycle).
import { type FormEvent, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { ApiKeyRecord, HostServices } from 'shared-contracts';
import { Badge, Button, Card, Checkbox, CopyButton, Dialog, Table, type TableColumn, TextField } from 'remote-kit/ui';
import { RelativeTime } from 'remote-kit/format';
import { Loadable } from 'remote-kit/load';
import { intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import type { AccountStatusStore } from '../../account/AccountStatusStore';
import { EmailNotice } from '../../account/EmailNotice';
import { type ApiKeysStore, isIpEntry, parseIpList } from './ApiKeysStore';
import styles from '../../layout/profile.module.css';

const NAME_MAX = 64;

export const KeysView = observer(function KeysView({ host, store, status }: { host: HostServices; store: ApiKeysStore; status: AccountStatusStore }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      testId="keys"
      loadingLabel={t('keys_loading')}
      errorMessage={t('keys_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.load()}
    >
      <KeysContent host={host} store={store} status={status} />
    </Loadable>
  );
});

const KeysContent = observer(function KeysContent({ host, store, status }: { host: HostServices; store: ApiKeysStore; status: AccountStatusStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const [editing, setEditing] = useState<ApiKeyRecord | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyRecord | null>(null);
  const columns: TableColumn[] = [
    { key: 'name', header: t('keys_col_name') },
    { key: 'key', header: t('keys_col_key') },
    { key: 'ips', header: t('keys_col_ips') },
    { key: 'state', header: t('keys_col_state') },
    { key: 'created', header: t('keys_col_created') },
    { key: 'used', header: t('keys_col_used') },
    { key: 'actions', header: <span className={styles.nowrap}>{t('keys_col_actions')}</span> },
  ];
  const rows = store.keys.map((key) => ({
    key: key.apiId,
    data: { 'data-testid': 'key-row', 'data-api-id': key.apiId, 'data-active': String(key.isActive), 'data-suspended': String(key.suspended) },
    cells: {
      name: <span data-testid="key-name">{key.name}</span>,
      key: (
        <span className={styles.stack}>
          <span className={styles.mono} data-testid="key-api-id">
            {key.apiId}
          </span>
          <span className={styles.muted}>
            <span className={styles.mono} data-testid="key-prefix">
              {key.prefix}…
            </span>
          </span>
        </span>
      ),
      ips: (
        <span className={styles.mono} data-testid="key-ips">
          {key.whiteListIp.length > 0 ? key.whiteListIp.join(', ') : <span className={styles.muted}>{t('keys_any_ip')}</span>}
        </span>
      ),
      state: (
        <span className={styles.stack}>
          <span data-testid="key-state">
            {key.suspended ? (
              <Badge tone="warning">{t('keys_suspended')}</Badge>
            ) : (
              <Badge tone={key.isActive ? 'success' : 'neutral'}>{t(key.isActive ? 'keys_active' : 'keys_inactive')}</Badge>
            )}
          </span>
          {key.suspended ? <span className={styles.muted}>{t('keys_suspended_hint')}</span> : null}
          {key.signatureRequired ? (
            <span className={styles.muted} data-testid="key-signature-required">
              {t('keys_signature_required')}
            </span>
          ) : null}
        </span>
      ),
      created: (
        <span className={styles.nowrap}>
          <RelativeTime value={key.createdAt} locale={locale} />
        </span>
      ),
      used: key.lastUsedAt ? (
        <span className={styles.nowrap}>
          <RelativeTime value={key.lastUsedAt} locale={locale} />
        </span>
      ) : (
        <span className={styles.muted}>{t('keys_never_used')}</span>
      ),
      actions: (
        <span className={styles.actions}>
          {key.suspended ? (
            <Button
              size="sm"
              disabled={store.busy}
              onClick={() => void store.resume(key.apiId)}
              data-testid="key-resume"
              aria-label={t('keys_resume_named', { name: key.name })}
            >
              {t('keys_resume')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => setEditing(key)} data-testid="key-edit" aria-label={t('keys_edit_named', { name: key.name })}>
            {t('keys_edit')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={store.busy}
            onClick={() => void store.setActive(key, !key.isActive)}
            data-testid="key-toggle"
            aria-label={t(key.isActive ? 'keys_deactivate_named' : 'keys_activate_named', { name: key.name })}
          >
            {t(key.isActive ? 'keys_deactivate' : 'keys_activate')}
          </Button>
          <Button
            size="sm"
            variant="dangerOutline"
            onClick={() => setDeleting(key)}
            data-testid="key-delete"
            aria-label={t('keys_delete_named', { name: key.name })}
          >
            {t('keys_delete')}
          </Button>
        </span>
      ),
    },
  }));
  return (
    <>
      {status.emailConfirmed ? <CreateKeyCard host={host} store={store} /> : <EmailNotice host={host} status={status} reason="email_unconfirmed_keys" />}
      <Table data-testid="keys-table" caption={t('keys_caption')} columns={columns} rows={rows} empty={t('keys_empty')} />
      <SecretDialog host={host} store={store} />
      {editing ? <EditKeyDialog host={host} store={store} apiKey={editing} onClose={() => setEditing(null)} /> : null}
      <Dialog
        open={deleting != null}
        onClose={() => setDeleting(null)}
        title={t('keys_delete_title')}
        size="sm"
        data-testid="key-delete-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={store.busy}
              data-testid="key-delete-confirm"
              onClick={() => {
                const apiId = deleting?.apiId;
                setDeleting(null);
                if (apiId) void store.remove(apiId);
              }}
            >
              {t('keys_delete')}
            </Button>
          </>
        }
      >
        <p className={styles.text}>{t('keys_delete_text', { name: deleting?.name ?? '' })}</p>
      </Dialog>
    </>
  );
});

const CreateKeyCard = observer(function CreateKeyCard({ host, store }: { host: HostServices; store: ApiKeysStore }) {
  const t = useT(host);
  const [name, setName] = useState('');
  const [error, setError] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(true);
      return;
    }
    if (await store.create(name)) setName('');
  };
  return (
    <Card title={t('keys_create_title')}>
      <form className={styles.inline} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="key-create-form">
        <TextField
          className={styles.grow}
          label={t('keys_name')}
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(false);
          }}
          error={error ? t('keys_name_required') : undefined}
          data-testid="key-create-name"
        />
        <Button type="submit" loading={store.busy} data-testid="key-create">
          {t('keys_create')}
        </Button>
      </form>
      <p className={styles.muted}>{t('keys_create_hint')}</p>
    </Card>
  );
});

const SecretDialog = observer(function SecretDialog({ host, store }: { host: HostServices; store: ApiKeysStore }) {
  const t = useT(host);
  const created = store.created;
  return (
    <Dialog
      open={created != null}
      onClose={() => store.forgetSecret()}
      title={t('keys_secret_title')}
      description={t('keys_secret_warning')}
      data-testid="key-secret-dialog"
      footer={
        <Button onClick={() => store.forgetSecret()} data-testid="key-secret-done">
          {t('keys_secret_done')}
        </Button>
      }
    >
      {created ? (
        <div className={styles.stack}>
          <p className={styles.muted}>
            {t('keys_name')}: {created.name} · {t('keys_col_key')}: <span className={styles.mono}>{created.apiId}</span>
          </p>
          <div className={styles.actions}>
            <code className={styles.secret} data-testid="key-secret">
              {created.secret}
            </code>
            <CopyButton value={created.secret} label={t('keys_copy_secret')} copiedLabel={t('copied')} showLabel data-testid="key-secret-copy" />
          </div>
          {created.signingSecret ? (
            <>
              <p className={styles.muted}>
                {t('keys_signing_secret')}: {t('keys_signing_secret_hint')}
              </p>
              <div className={styles.actions}>
                <code className={styles.secret} data-testid="key-signing-secret">
                  {created.signingSecret}
                </code>
                <CopyButton
                  value={created.signingSecret}
                  label={t('keys_copy_signing_secret')}
                  copiedLabel={t('copied')}
                  showLabel
                  data-testid="key-signing-secret-copy"
                />
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
});

function EditKeyDialog({ host, store, apiKey, onClose }: { host: HostServices; store: ApiKeysStore; apiKey: ApiKeyRecord; onClose: () => void }) {
  const t = useT(host);
  const [name, setName] = useState(apiKey.name);
  const [ips, setIps] = useState(apiKey.whiteListIp.join(', '));
  const [active, setActive] = useState(apiKey.isActive);
  const [signatureRequired, setSignatureRequired] = useState(apiKey.signatureRequired);
  const [nameError, setNameError] = useState(false);
  const [badIp, setBadIp] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const entries = parseIpList(ips);
    const bad = entries.find((entry) => !isIpEntry(entry)) ?? null;
    setNameError(!name.trim());
    setBadIp(bad);
    if (!name.trim() || bad) return;
    await store.update({ apiId: apiKey.apiId, name: name.trim(), whiteListIp: entries, isActive: active, signatureRequired });
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('keys_edit_title', { name: apiKey.name })}
      closeLabel={t('close')}
      data-testid="key-edit-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="key-edit-form" loading={store.busy} data-testid="key-edit-save">
            {t('keys_save')}
          </Button>
        </>
      }
    >
      <form id="key-edit-form" className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('keys_name')}
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError ? t('keys_name_required') : undefined}
          data-testid="key-edit-name"
        />
        <TextField
          label={t('keys_ips')}
          hint={t('keys_ips_hint')}
          spellCheck={false}
          autoComplete="off"
          value={ips}
          onChange={(e) => setIps(e.target.value)}
          error={badIp ? t('keys_ip_invalid', { entry: badIp }) : undefined}
          data-testid="key-edit-ips"
        />
        <Checkbox label={t('keys_active_label')} checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="key-edit-active" />
        <Checkbox
          label={t('keys_signature_required_label')}
          checked={signatureRequired}
          onChange={(e) => setSignatureRequired(e.target.checked)}
          data-testid="key-edit-signature-required"
        />
      </form>
    </Dialog>
  );
}
