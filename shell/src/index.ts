// A server-rendered page paints before the app starts: its scripts (the shell's start-up chunks, which
// `import('./bootstrap')` asks for all at once, and the page's remote, named in the state's `preload`) are
// requested at the first frame, so none of them competes with what that frame needs. A hidden tab (no frames)
// starts after a short wait instead.
import { nextTask } from './app/nextTask';
import { SSR_STATE_ELEMENT_ID } from './ssr/state';

function preloadPageScripts(state: Element) {
  try {
    const { preload } = JSON.parse(state.textContent ?? '{}') as { preload?: unknown };
    if (!Array.isArray(preload)) return;
    for (const href of preload) {
      if (typeof href !== 'string') continue;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // the bootstrap reads the state again and decides; a preload is only a head start
  }
}

// The largest shared libraries are evaluated one task each before the app: one long start-up task becomes a few
// short ones, and the page answers input in between. (Each resolves to the shared singleton the app then imports.
// Only shared ones: a shared module is whole anyway, while `import()` of a plain library such as ky would keep all
// of it, more than the app's tree-shaken use of it.)
const start = async () => {
  for (const load of [() => import('react-dom/client'), () => import('mobx'), () => import('i18next')]) {
    await load().catch(() => undefined);
    await nextTask();
  }
  await import('./bootstrap');
};
const state = typeof document !== 'undefined' ? document.getElementById(SSR_STATE_ELEMENT_ID) : null;
if (state) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    preloadPageScripts(state);
    void start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else void start();
