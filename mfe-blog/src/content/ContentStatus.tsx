import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import type { HostServices } from 'shared-contracts';
import { Button, Card, Skeleton, textStyles } from 'remote-kit/ui';
import type { ContentStore } from './ContentStore';
import { useT } from '../useT';

interface ContentStatusProps<T> {
  host: HostServices;
  store: ContentStore<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}

function ContentStatusView<T>({ host, store, loading, failed, children }: ContentStatusProps<T>) {
  const t = useT(host);
  switch (store.state) {
    case 'loading':
      return (
        <Card>
          <p className={textStyles.muted} aria-busy="true">
            {loading}
          </p>
          <Skeleton lines={4} />
        </Card>
      );
    case 'error':
      return (
        <Card>
          <p role="alert" className={textStyles.text}>
            {failed}
          </p>
          <div className={textStyles.actions}>
            <Button variant="secondary" onClick={() => void store.load()}>
              {t('blog_retry')}
            </Button>
          </div>
        </Card>
      );
    case 'notFound':
      // the shell replaces this with its 404 page once the browser runs; without JavaScript it is what is left
      return (
        <Card>
          <p className={textStyles.text}>{t('not_found_text')}</p>
        </Card>
      );
    default:
      return <>{children(store.data as T)}</>;
  }
}

/** What a blog page shows before its data is there, when it failed, or when it does not exist; else `children(data)`. */
export const ContentStatus = observer(ContentStatusView) as <T>(props: ContentStatusProps<T>) => ReactNode;
