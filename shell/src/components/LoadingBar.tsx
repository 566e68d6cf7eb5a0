import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/RootStore';

export const LoadingBar = observer(function LoadingBar() {
  const { loadingBar } = useStores();
  return (
    <div
      className="loading-bar"
      data-testid="loading-bar"
      aria-hidden={!loadingBar.visible}
      style={{
        opacity: loadingBar.visible ? 1 : 0,
        transform: `scaleX(${loadingBar.progress / 100})`,
        transition: `transform ${loadingBar.progress === 100 ? 200 : loadingBar.durationMs}ms ease-out, opacity 300ms`,
      }}
    />
  );
});
