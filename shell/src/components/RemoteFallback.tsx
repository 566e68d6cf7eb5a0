import { useShellT } from '../i18n/useShellT';

/**
 * The slot's fallback when a remote cannot be loaded. Styled by global.css (`.remote-fallback`), not a CSS Module:
 * this component is reached from the federation runtime plugin, which lives in the entry chunk, and a CSS Module
 * there breaks the CSS extraction of that chunk.
 */
export function RemoteFallback() {
  const { t } = useShellT();
  return (
    <div className="remote-fallback" data-testid="remote-fallback" role="status">
      <p>{t('fallback.text')}</p>
    </div>
  );
}
