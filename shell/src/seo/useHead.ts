// The head of the page the shell shows (§2 SEO): the route's SEO texts once `POST /dict/seo` answers, the shell's
// own title until then. One call in Page; nothing runs on the server (effects do not run there).
import { useEffect, useRef } from 'react';
import type { PageResolution } from '../app/resolvePage';
import { useShell } from '../app/ShellContext';
import { HeadManager, type HeadTarget } from './HeadManager';
import { seoRequestOf } from './seoRequest';

/** What the head shows for a resolution; null while the page is not decided yet (a redirect, a session loading). */
function targetOf(resolution: PageResolution, pathname: string, title: string): HeadTarget | null {
  switch (resolution.kind) {
    case 'remote':
      return { pathname, title, seo: seoRequestOf(resolution.match) };
    case 'redirect':
    case 'wait':
      return null;
    default:
      return { pathname, title };
  }
}

export function useHead(resolution: PageResolution, pathname: string, title: string): void {
  const { api } = useShell();
  const manager = useRef<HeadManager | null>(null);
  // the first document's path: its head came with the HTML (Page mounts with the document)
  const firstPathname = useRef(typeof location === 'undefined' ? '' : location.pathname);
  const target = targetOf(resolution, pathname, title);
  const kind = target ? (target.seo ? 'seo' : 'plain') : 'none';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is a function of the path, its kind and the title (a new resolution object every render)
  useEffect(() => {
    if (!target) return;
    manager.current ??= new HeadManager({
      doc: document,
      origin: location.origin,
      initialPathname: firstPathname.current,
      fetchSeo: (body) => api.seo({ body }),
    });
    manager.current.show(target);
  }, [pathname, kind, title, api]);

  useEffect(() => () => manager.current?.dispose(), []);
}
