import { observer } from 'mobx-react-lite';
import { pageParams, type RemotePageProps } from 'shared-contracts';
import { DocsArticle } from '../features/docs/DocsArticle';
import { DocsFrame } from '../features/docs/DocsFrame';
import { isReferenceSlug } from '../referenceSlug';
import { useDocsStore } from '../features/docs/useDocsStore';
import { ApiReference } from '../features/reference/ApiReference';
import { TryItConsole } from '../features/reference/tryIt/TryItConsole';

/**
 * §2 `/docs/{slug}` (page name `DocsPage`): a guide in the docs-sidebar layout; `/docs/api-reference` adds the try-it
 * console under its intro and the Redoc reference under both columns (Redoc needs the page's width). An observer: follows the slug.
 */
export const DocsArticlePage = observer(function DocsArticlePage({ host }: RemotePageProps) {
  const { slug } = pageParams(host.route, 'mfe_docs', 'DocsPage');
  const store = useDocsStore(host, slug);
  const reference = isReferenceSlug(slug);
  return (
    <DocsFrame host={host} store={store} current={reference ? 'api-reference' : slug}>
      {(view) => {
        if (view.kind !== 'article') return { title: '', body: null };
        return {
          title: view.page.title,
          body: (
            <DocsArticle host={host} page={view.page}>
              {reference ? <TryItConsole host={host} /> : null}
            </DocsArticle>
          ),
          wide: reference ? <ApiReference host={host} /> : undefined,
        };
      }}
    </DocsFrame>
  );
});
