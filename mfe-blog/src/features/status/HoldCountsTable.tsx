// Issue 29 "no surprise holds": the status page's monthly counts of held, refunded and completed orders (counts only,
// no personal data) and how many held orders were refunded within the promised time. Fetched after mount (the api
// caches the answer five minutes; the server render shows the card loading).
import { useEffect, useState } from 'react';
import type { HoldReport, HostServices } from 'shared-contracts';
import { formatNumber } from 'remote-kit/format';
import { Card, Skeleton, Table, textStyles } from 'remote-kit/ui';
import { useT } from '../../useT';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: HoldReport };

// one formatter per locale: a month name in UTC, the same on the server and in the browser
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function formatMonth(month: string, locale: string): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : format.format(date);
}

export function HoldCountsTable({ host }: { host: HostServices }) {
  const t = useT(host);
  const locale = host.locale.current;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    host.api.statusHolds().then(
      (data) => live && setLoad({ state: 'ready', data }),
      (error: unknown) => {
        console.warn('hold counts failed to load', error instanceof Error ? error.message : error);
        if (live) setLoad({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [host]);

  if (load.state !== 'ready') {
    return (
      <div data-testid="status-holds" data-state={load.state}>
        <Card title={t('status_holds_title')}>
          {load.state === 'error' ? (
            <p role="alert" className={textStyles.text}>
              {t('status_holds_failed')}
            </p>
          ) : (
            <Skeleton lines={3} />
          )}
        </Card>
      </div>
    );
  }
  const { data } = load;
  const n = (value: number) => formatNumber(value, locale);
  const columns = [
    { key: 'month', header: t('status_holds_month') },
    { key: 'completed', header: t('status_holds_completed'), align: 'end' as const },
    { key: 'held', header: t('status_holds_held'), align: 'end' as const },
    { key: 'refunded', header: t('status_holds_refunded'), align: 'end' as const },
    { key: 'heldRefunded', header: t('status_holds_held_refunded', { count: data.refundWithinHours }), align: 'end' as const },
  ];
  // newest first: the current month on top
  const rows = [...data.months].reverse().map((m) => ({
    key: m.month,
    data: { 'data-testid': 'status-holds-month', 'data-month': m.month } as const,
    cells: {
      month: formatMonth(m.month, locale),
      completed: <span data-testid="holds-completed">{n(m.completed)}</span>,
      held: <span data-testid="holds-held">{n(m.held)}</span>,
      refunded: <span data-testid="holds-refunded">{n(m.refunded)}</span>,
      heldRefunded: <span data-testid="holds-held-refunded">{t('status_holds_in_time', { inTime: n(m.heldRefundedInTime), count: m.heldRefunded })}</span>,
    },
  }));
  return (
    // the Card takes only its test id: the wrapper carries the load state
    <div data-testid="status-holds" data-state="ready">
      <Card title={t('status_holds_title')}>
        <p className={textStyles.muted}>{t('status_holds_text', { count: data.refundWithinHours })}</p>
        <Table caption={t('status_holds_caption')} captionHidden columns={columns} rows={rows} data-testid="status-holds-table" />
      </Card>
    </div>
  );
}
