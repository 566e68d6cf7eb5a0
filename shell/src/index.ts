// A server-rendered page paints before the app's scripts run: they are preloaded with the HTML and would
// otherwise all run ahead of the first frame. A hidden tab (no frames) starts after a short wait instead.
const start = () => void import('./bootstrap');
if (typeof document !== 'undefined' && document.getElementById('__SSR_STATE__')) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();
