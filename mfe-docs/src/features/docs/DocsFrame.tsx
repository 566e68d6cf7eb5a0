import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect } from 'react';
import type { DocsNav, HostServices } from 'shared-contracts';
import { Button, Card, SidebarLayout, Skeleton, StaticPage, textStyles } from 'remote-kit/ui';
import { useT } from '../../useT';
import type { DocsStore } from './DocsStore';
import type { DocsView } from './docsView';
import { DocsSidebar } from './DocsSidebar';
import styles from './docs.module.css';

/**
 * §2 docs-sidebar layout around a docs view: the page title, the sections beside the content; a skeleton while a
 * client navigation loads, the error with a retry, and the §2 404 (`host.notFound()`) for an unknown slug.
 */
export const DocsFrame = observer(function DocsFrame({
  host,
  store,
  current,
  children,
}: {
  host: HostServices;
  store: DocsStore;
  /** The slug shown (null on `/docs`), marked in the sidebar. */
  current: string | null;
  /** The view's title, its body beside the sidebar, and what spans the page's whole width under both (Redoc). */
  children: (view: Exclude<DocsView, { kind: 'not-found' }>) => { title: string; body: ReactNode; wide?: ReactNode };
}) {
  const t = useT(host);
  const state = store.state;
  const notFound = state.kind === 'ready' && state.view.kind === 'not-found';
  useEffect(() => {
    if (notFound) host.notFound();
  }, [notFound, host]);

  const frame = (title: string, nav: DocsNav | null, body: ReactNode, wide?: ReactNode) => (
    <StaticPage title={title}>
      <SidebarLayout
        sidebarLabel={t('sidebar_label')}
        sidebar={nav ? <DocsSidebar host={host} nav={nav} current={current} homeLabel={t('home_link')} /> : <Skeleton lines={8} />}
      >
        {body}
      </SidebarLayout>
      {wide}
    </StaticPage>
  );

  if (state.kind === 'loading') {
    return frame(
      t('docs_title'),
      null,
      <div className={styles.loading} aria-busy="true">
        <p className={styles.muted}>{t('loading')}</p>
        <Skeleton lines={10} />
      </div>,
    );
  }
  if (state.kind === 'failed') {
    return frame(
      t('docs_title'),
      null,
      <Card>
        <p role="alert" className={textStyles.text}>
          {t('load_failed', { message: state.error.message })}
        </p>
        <div className={textStyles.actions}>
          <Button variant="secondary" onClick={() => store.retry()}>
            {t('retry')}
          </Button>
        </div>
      </Card>,
    );
  }
  if (state.view.kind === 'not-found') return frame(t('not_found'), null, null);
  const { title, body, wide } = children(state.view);
  return frame(title, state.view.nav, body, wide);
});
