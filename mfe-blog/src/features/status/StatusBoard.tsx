import { observer } from 'mobx-react-lite';
import type { HostServices, Incident, StatusPage as StatusData } from 'shared-contracts';
import { Badge, Button, Card, Skeleton, StaticPage, type Tone, VisuallyHidden, textStyles } from 'remote-kit/ui';
import { formatAmount } from 'remote-kit/format';
import { fetchStatus, statusKey } from '../../supportData/supportData';
import { STATUS_WORDING, uptimePercent } from './statusUptime';
import { HoldCountsTable } from './HoldCountsTable';
import { NetworkStatusTable } from './NetworkStatusTable';
import { useSupportData } from '../../supportData/supportUseData';
import { useT } from '../../useT';
import styles from './status.module.css';

const STATUS_TONE: Record<StatusData['current'], Tone> = { OK: 'success', TECHNICAL_DIFFICULTIES: 'warning', UNHEALTHY: 'danger' };
const SEVERITY_TONE: Record<Incident['severity'], Tone> = { minor: 'info', major: 'warning', critical: 'danger' };

// one formatter per locale and kind: building an Intl.DateTimeFormat costs far more than formatting with it, and the
// uptime strip formats a label for each of its days
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string, withTime: boolean) => {
  const key = `${locale}/${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, format);
  }
  return format;
};

/** A date `YYYY-MM-DD` or an instant, in UTC (the days are UTC days), the same on the server and in the browser. */
function formatUtc(value: string, locale: string, withTime = false): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat(locale, withTime).format(date);
}

/** A day's okRatio as a whole percentage for its label, rounded down, from the decimal string. */
function dayPercent(okRatio: string): string {
  const m = /^(\d+)(?:\.(\d{0,2}))?/.exec(okRatio);
  if (!m) return okRatio;
  return m[1] === '1' ? '100' : String(Number((m[2] ?? '').padEnd(2, '0')));
}

/** The status page's content: its data from the server's snapshot or fetched, loading and failure included. */
export const StatusBoard = observer(function StatusBoard({ host }: { host: HostServices }) {
  const t = useT(host);
  const store = useSupportData(host, statusKey(), () => fetchStatus(host.api));
  return (
    <StaticPage title={t('status_title')}>
      {store.state === 'ready' && store.data ? (
        <StatusView host={host} data={store.data} />
      ) : store.state === 'error' ? (
        <Card>
          <p role="alert" className={textStyles.text}>
            {t('status_failed')}
          </p>
          <Button variant="secondary" onClick={() => void store.load()}>
            {t('support_retry')}
          </Button>
        </Card>
      ) : (
        <Card>
          <p className={textStyles.muted} aria-busy="true">
            {t('status_loading')}
          </p>
          <Skeleton lines={3} />
        </Card>
      )}
    </StaticPage>
  );
});

function StatusView({ host, data }: { host: HostServices; data: StatusData }) {
  const t = useT(host);
  const locale = host.locale.current;
  const uptime = uptimePercent(data.days);
  const open = data.incidents.filter((i) => i.resolvedAt === null);
  return (
    <div className={styles.layout}>
      <Card title={t('status_now_title')} data-testid="status-current" data-status={data.current}>
        <p className={styles.now}>
          <Badge tone={STATUS_TONE[data.current]}>{t(STATUS_WORDING[data.current])}</Badge>
          <span className={textStyles.text}>{t(`${STATUS_WORDING[data.current]}_text`)}</span>
        </p>
        <p className={textStyles.muted}>{t('status_checked_at', { time: formatUtc(data.checkedAt, locale, true) })}</p>
        {open.length > 0 ? <p className={textStyles.text}>{t('status_open_incidents', { count: open.length })}</p> : null}
      </Card>

      <NetworkStatusTable host={host} />

      <Card title={t('status_history_title', { count: data.days.length })} data-testid="status-history">
        <p className={textStyles.text} data-testid="status-uptime">
          {uptime === null ? t('status_uptime_none') : t('status_uptime', { percent: formatAmount(uptime, { locale, minDecimals: 2, maxDecimals: 2 }) })}
        </p>
        <ol className={styles.strip} aria-label={t('status_strip_label', { count: data.days.length })}>
          {data.days.map((day) => {
            const label =
              day.status === 'NO_DATA' || day.okRatio === null
                ? t('status_day_no_data', { date: formatUtc(day.date, locale) })
                : t('status_day_label', { date: formatUtc(day.date, locale), status: t(STATUS_WORDING[day.status]), percent: dayPercent(day.okRatio) });
            return (
              <li key={day.date} className={styles.day} data-status={day.status} data-testid="status-day" data-date={day.date} title={label}>
                <span className={styles.bar} aria-hidden="true" />
                <VisuallyHidden>{label}</VisuallyHidden>
              </li>
            );
          })}
        </ol>
        <div className={styles.stripEnds} aria-hidden="true">
          <span>{data.days[0] ? formatUtc(data.days[0].date, locale) : ''}</span>
          <span>{t('status_today')}</span>
        </div>
        <ul className={styles.legend}>
          {(['OK', 'TECHNICAL_DIFFICULTIES', 'UNHEALTHY', 'NO_DATA'] as const).map((s) => (
            <li key={s} className={styles.legendItem}>
              <span className={styles.legendSwatch} data-status={s} aria-hidden="true" />
              {t(STATUS_WORDING[s])}
            </li>
          ))}
        </ul>
      </Card>

      <HoldCountsTable host={host} />

      <Card title={t('status_incidents_title')} data-testid="status-incidents">
        {data.incidents.length === 0 ? (
          <p className={textStyles.muted}>{t('status_incidents_none')}</p>
        ) : (
          <ul className={styles.incidents}>
            {data.incidents.map((incident) => (
              <li key={incident.id} className={styles.incident} data-testid="status-incident" data-state={incident.state}>
                <h3 className={styles.incidentTitle}>{incident.title}</h3>
                <p className={styles.incidentMeta}>
                  <Badge tone={SEVERITY_TONE[incident.severity]}>{t(`status_severity_${incident.severity}`)}</Badge>
                  <Badge tone={incident.state === 'resolved' ? 'success' : 'neutral'}>{t(`status_state_${incident.state}`)}</Badge>
                  <span className={textStyles.muted}>
                    {incident.resolvedAt
                      ? t('status_incident_resolved', { from: formatUtc(incident.createdAt, locale, true), to: formatUtc(incident.resolvedAt, locale, true) })
                      : t('status_incident_since', { from: formatUtc(incident.createdAt, locale, true) })}
                  </span>
                </p>
                <p className={styles.incidentBody}>{incident.body}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
