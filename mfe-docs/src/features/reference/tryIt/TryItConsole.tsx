import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { HostServices } from 'shared-contracts';
import { AfterHydration } from 'remote-kit/after-hydration';
import { Badge, Button, Card, Checkbox, CopyButton, Select, TextField } from 'remote-kit/ui';
import { useT } from '../../../useT';
import { TRY_IT_OPERATIONS, type TryItOperationId } from './operations';
import { TryItStore, type TryItSend } from './TryItStore';
import { curlCommand, shownHeaders, type TryItRequest } from './tryItRequest';
import styles from '../reference.module.css';

const SEND_TIMEOUT_MS = 20_000;

/** Sends through the host's HTTP client: no cookies (the partner API knows the key only), every status answered. */
function sendWith(host: HostServices): TryItSend {
  return async (request) => {
    const response = await host.api.http(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.body ?? undefined,
      credentials: 'omit',
      throwHttpErrors: false,
      retry: 0,
      timeout: SEND_TIMEOUT_MS,
    });
    return { status: response.status, text: await response.text() };
  };
}

const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `try-${Date.now()}-${Math.random().toString(36).slice(2)}`;

function RequestText({ request }: { request: TryItRequest }) {
  const lines = [`${request.method} ${request.url}`, ...shownHeaders(request).map(([n, v]) => `${n}: ${v}`)];
  return (
    <pre className={styles.code} data-testid="try-it-request-text">
      {lines.join('\n')}
      {request.body !== null ? `\n\n${JSON.stringify(JSON.parse(request.body), null, 2)}` : ''}
    </pre>
  );
}

/**
 * The try-it console of the API reference page: the reader's sandbox key (memory only), an operation of the partner
 * API, its JSON; a real request to this site's API, shown with the key masked, its answer, and the same request as curl.
 */
export const TryItConsole = observer(function TryItConsole({ host }: { host: HostServices }) {
  const t = useT(host);
  const [store] = useState(() => new TryItStore({ origin: host.config.apiBaseUrl, send: sendWith(host), newIdempotencyKey }));
  // A random key only in the browser: the server's markup and the hydrating render have the same (empty) one.
  useEffect(() => {
    store.ensureIdempotencyKey();
  }, [store]);
  const jsonId = useId();
  const jsonErrorId = useId();

  const op = store.operation;
  const build = store.build;
  const problem = store.showProblems && !build.ok ? build.problem : null;
  const problemText = problem ? t(problem.message, problem.values ?? {}) : null;
  const result = store.result;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void store.send();
  };

  return (
    <Card title={t('tryit_title')} data-testid="try-it">
      <p className={styles.text}>{t('tryit_intro')}</p>
      {/* the server does not know the sandbox flag (the browser learns it from §4 health): shown once live */}
      <AfterHydration>
        {host.config.sandbox ? null : (
          <p className={styles.warning} role="note" data-testid="try-it-live-warning">
            {t('tryit_live_warning')}
          </p>
        )}
      </AfterHydration>
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="try-it-form">
        <TextField
          label={t('tryit_key')}
          hint={t('tryit_key_hint')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={store.apiKey}
          onChange={(e) => store.setApiKey(e.target.value)}
          error={problem?.field === 'apiKey' ? problemText : undefined}
          data-testid="try-it-key"
        />
        <Select
          label={t('tryit_operation')}
          value={op.id}
          onChange={(e) => store.selectOperation(e.target.value as TryItOperationId)}
          options={TRY_IT_OPERATIONS.map((o) => ({ value: o.id, label: `${t(`op_${o.id}`)} — ${o.method} ${o.path}` }))}
          data-testid="try-it-operation"
        />
        {op.params.map((name) => (
          <TextField
            key={name}
            label={t('tryit_param', { name })}
            value={store.params[name] ?? ''}
            onChange={(e) => store.setParam(name, e.target.value)}
            error={problem?.field === 'param' && problem.values?.name === name ? problemText : undefined}
            data-testid={`try-it-param-${name}`}
          />
        ))}
        {op.input !== 'none' ? (
          <div className={styles.field}>
            <label htmlFor={jsonId} className={styles.label}>
              {op.input === 'body' ? t('tryit_body') : t('tryit_query')}
            </label>
            <textarea
              id={jsonId}
              className={styles.textarea}
              rows={Math.min(14, Math.max(4, store.json.split('\n').length + 1))}
              spellCheck={false}
              value={store.json}
              onChange={(e) => store.setJson(e.target.value)}
              aria-invalid={problem?.field === 'json' || undefined}
              aria-describedby={problem?.field === 'json' ? jsonErrorId : undefined}
              data-testid="try-it-json"
            />
            {problem?.field === 'json' ? (
              <p id={jsonErrorId} className={styles.error}>
                {problemText}
              </p>
            ) : null}
          </div>
        ) : null}
        {op.idempotent ? (
          <div className={styles.inline}>
            <TextField
              className={styles.grow}
              label={t('tryit_idempotency')}
              hint={t('tryit_idempotency_hint')}
              value={store.idempotencyKey}
              onChange={(e) => store.setIdempotencyKey(e.target.value)}
              data-testid="try-it-idempotency"
            />
            <Button variant="secondary" onClick={() => store.renewIdempotencyKey()}>
              {t('tryit_idempotency_new')}
            </Button>
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={result.kind === 'sending'} data-testid="try-it-send">
            {result.kind === 'sending' ? t('tryit_sending') : t('tryit_send')}
          </Button>
        </div>
      </form>

      {build.ok ? (
        <div className={styles.block}>
          <div className={styles.blockHead}>
            <h3 className={styles.blockTitle}>{t('tryit_curl')}</h3>
            <CopyButton
              value={curlCommand(build.request, store.revealKey)}
              label={t('tryit_copy_curl')}
              copiedLabel={t('tryit_copied')}
              data-testid="try-it-curl-copy"
            />
          </div>
          <pre className={styles.code} data-testid="try-it-curl">
            {curlCommand(build.request, store.revealKey)}
          </pre>
          <Checkbox
            label={t('tryit_reveal_key')}
            checked={store.revealKey}
            onChange={(e) => store.setRevealKey(e.target.checked)}
            data-testid="try-it-reveal"
          />
        </div>
      ) : null}

      {result.kind !== 'idle' ? (
        <div className={styles.results} aria-live="polite">
          <div className={styles.block} data-testid="try-it-request">
            <h3 className={styles.blockTitle}>{t('tryit_request')}</h3>
            <RequestText request={result.request} />
          </div>
          {result.kind === 'answered' ? (
            <div className={styles.block} data-testid="try-it-response" data-status={result.status}>
              <div className={styles.blockHead}>
                <h3 className={styles.blockTitle}>{t('tryit_response')}</h3>
                <Badge tone={result.status < 300 ? 'success' : result.status < 500 ? 'warning' : 'danger'}>
                  {t('tryit_status', { status: result.status })}
                </Badge>
              </div>
              <pre className={styles.code} data-testid="try-it-response-body">
                {result.body}
              </pre>
            </div>
          ) : result.kind === 'failed' ? (
            <div className={styles.block} data-testid="try-it-response" data-status={result.error.statusCode}>
              <h3 className={styles.blockTitle}>{t('tryit_response')}</h3>
              <pre className={styles.code} role="alert" data-testid="try-it-response-body">
                {JSON.stringify(result.error, null, 2)}
              </pre>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
});
