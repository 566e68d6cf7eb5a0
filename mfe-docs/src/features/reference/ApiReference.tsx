import { observer } from 'mobx-react-lite';
import { type ComponentType, useEffect, useState } from 'react';
import { type HostServices, pagePath } from 'shared-contracts';
import { Card, Skeleton } from 'remote-kit/ui';
import { REFERENCE_SLUG } from '../../referenceSlug';
import { useT } from '../../useT';
import type { RedocViewProps } from './RedocView';
import styles from './reference.module.css';

type ReferenceState =
  | { kind: 'placeholder' }
  | { kind: 'ready'; View: ComponentType<RedocViewProps>; spec: Record<string, unknown> }
  | { kind: 'failed'; message: string };

/** Redoc's chunk: a dynamic import, so it is requested on this page only and only in the browser. */
const loadRedocView = () => import(/* webpackChunkName: "redoc" */ './RedocView').then((m) => m.RedocView);

/**
 * `/docs/api-reference`: the OpenAPI document (`GET /api/v1/openapi.json`) rendered by Redoc once the page has
 * hydrated. The server and the hydrating render show a placeholder.
 */
export const ApiReference = observer(function ApiReference({ host }: { host: HostServices }) {
  const t = useT(host);
  const [state, setState] = useState<ReferenceState>({ kind: 'placeholder' });

  useEffect(() => {
    let alive = true;
    Promise.all([loadRedocView(), host.api.openApiDocument()]).then(
      ([View, spec]) => alive && setState({ kind: 'ready', View, spec }),
      (error: unknown) => alive && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
    };
  }, [host]);

  return (
    <section aria-label={t('reference_label')} className={styles.reference} data-testid="api-reference" data-state={state.kind}>
      {state.kind === 'ready' ? (
        <div className={styles.redoc} data-testid="redoc">
          <state.View
            spec={state.spec}
            basePath={`${host.locale.prefix}${pagePath('mfe_docs', 'DocsPage', { slug: REFERENCE_SLUG })}`}
            initialPath={`${host.locale.prefix}${host.route.path}`}
            dark={host.theme.current === 'dark'}
            menuLabel={t('reference_menu')}
          />
        </div>
      ) : state.kind === 'failed' ? (
        <Card>
          <p role="alert">{t('reference_failed', { message: state.message })}</p>
        </Card>
      ) : (
        <div className={styles.placeholder} data-testid="api-reference-placeholder" aria-busy="true">
          <p className={styles.muted}>{t('reference_loading')}</p>
          <Skeleton lines={12} />
        </div>
      )}
    </section>
  );
});
