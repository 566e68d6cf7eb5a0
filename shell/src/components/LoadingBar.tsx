import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/RootStore';
import s from './LoadingBar.module.css';

/** The thin bar at the top while a page loads; decoration (the page's own loading state is what is announced). */
export const LoadingBar = observer(function LoadingBar() {
  const { loadingBar } = useStores();
  return (
    <div
      className={s.bar}
      data-testid="loading-bar"
      aria-hidden="true"
      style={{
        opacity: loadingBar.visible ? 1 : 0,
        transform: `scaleX(${loadingBar.progress / 100})`,
        transition: `transform ${loadingBar.progress === 100 ? 200 : loadingBar.durationMs}ms ease-out, opacity 300ms`,
      }}
    />
  );
});
