// The Redoc renderer: this module and Redoc itself (550+ KB gzip) make the chunk ApiReference imports in the browser
// after hydration, on `/docs/api-reference` only (TOOLCHAIN: redoc weighs 551 KB gz; no other page's budget moves).
import { type CSSProperties, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { RedocStandalone } from 'redoc';
import { StyleSheetManager } from 'styled-components';
import { redocScrollOffset, siteHeaderHeight } from './redocMenuBar';
import { REDOC_STYLIS_PLUGINS } from './redocScope';
import styles from './reference.module.css';

/**
 * No telemetry (TOOLCHAIN); code samples under each operation (the page is narrower than Redoc's three panels); the
 * sidebar sticks below the site header, and what Redoc scrolls to lands below the header and the phone's menu bar.
 */
const REDOC_OPTIONS = { disableTelemetry: true, hideDownloadButtons: true, layout: 'stacked', scrollYOffset: () => redocScrollOffset() } as const;

export interface RedocViewProps {
  spec: Record<string, unknown>;
  /** The page's path with its locale prefix: Redoc's own links are made under it. */
  basePath: string;
  /** Where Redoc starts: the page's path, so a link to one of its tags (`/docs/api-reference/partner`) opens that tag. */
  initialPath: string;
  dark: boolean;
  /** The visible label of Redoc's navigation button on a phone (a bar at the top of the reference). */
  menuLabel: string;
  onLoaded?: (error?: Error) => void;
}

/**
 * Redoc with its own in-memory router (its sidebar moves within the reference, never the shell's history), without
 * telemetry, its styles scoped to its wrapper, light or dark as the site is.
 */
export function RedocView({ spec, basePath, initialPath, dark, menuLabel, onLoaded }: RedocViewProps) {
  // Redoc also marks <html> light/dark from its own setting (nothing reads it once scoped): leave no mark behind.
  useEffect(
    () => () => {
      document.documentElement.classList.remove('dark', 'light', 'notransition');
    },
    [],
  );
  // read by reference.module.css: the phone's menu bar sticks under the header and shows this label
  const layout = { '--site-header-height': `${siteHeaderHeight()}px`, '--redoc-menu-label': JSON.stringify(menuLabel) } as CSSProperties;
  return (
    <div data-redoc-scope="" className={dark ? 'dark' : 'light'} style={layout}>
      <div className={styles.redocColours}>
        <StyleSheetManager stylisPlugins={REDOC_STYLIS_PLUGINS}>
          <MemoryRouter initialEntries={[initialPath]}>
            <RedocStandalone spec={spec} basePath={basePath} onLoaded={onLoaded} options={REDOC_OPTIONS} />
          </MemoryRouter>
        </StyleSheetManager>
      </div>
    </div>
  );
}
