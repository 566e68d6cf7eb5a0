// The Redoc renderer: this module and Redoc itself (550+ KB gzip) make the chunk ApiReference imports in the browser
// after hydration, on `/docs/api-reference` only (TOOLCHAIN: redoc weighs 551 KB gz; no other page's budget moves).
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { RedocStandalone } from 'redoc';
import { StyleSheetManager } from 'styled-components';
import { REDOC_STYLIS_PLUGINS } from './redocScope';
import styles from './reference.module.css';

/** The site header's height: Redoc's sticky sidebar stays under it. */
const headerHeight = () => document.querySelector('header')?.getBoundingClientRect().height ?? 64;

/**
 * No telemetry (TOOLCHAIN); code samples under each operation (the page is narrower than Redoc's three panels); the
 * sidebar sticks below the site header.
 */
const REDOC_OPTIONS = { disableTelemetry: true, hideDownloadButtons: true, layout: 'stacked', scrollYOffset: headerHeight } as const;

export interface RedocViewProps {
  spec: Record<string, unknown>;
  /** The page's path with its locale prefix: Redoc's own links are made under it. */
  basePath: string;
  /** Where Redoc starts: the page's path, so a link to one of its tags (`/docs/api-reference/partner`) opens that tag. */
  initialPath: string;
  dark: boolean;
  onLoaded?: (error?: Error) => void;
}

/**
 * Redoc with its own in-memory router (its sidebar moves within the reference, never the shell's history), without
 * telemetry, its styles scoped to its wrapper, light or dark as the site is.
 */
export function RedocView({ spec, basePath, initialPath, dark, onLoaded }: RedocViewProps) {
  // Redoc also marks <html> light/dark from its own setting (nothing reads it once scoped): leave no mark behind.
  useEffect(
    () => () => {
      document.documentElement.classList.remove('dark', 'light', 'notransition');
    },
    [],
  );
  return (
    <div data-redoc-scope="" className={dark ? 'dark' : 'light'}>
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
