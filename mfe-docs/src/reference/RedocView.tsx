// The Redoc renderer: this module and Redoc itself (550+ KB gzip) make the chunk ApiReference imports in the browser
// after hydration, on `/docs/api-reference` only (TOOLCHAIN: redoc weighs 551 KB gz; no other page's budget moves).
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { RedocStandalone } from 'redoc';

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
 * Redoc with its own in-memory router (its sidebar moves within the reference, never the shell's history) and
 * without telemetry. Redoc marks `<html>` light or dark from its own setting: the site's theme wins, and the marks
 * go when the reference does.
 */
export function RedocView({ spec, basePath, initialPath, dark, onLoaded }: RedocViewProps) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.classList.toggle('light', !dark);
  }, [dark]);
  useEffect(
    () => () => {
      document.documentElement.classList.remove('dark', 'light');
    },
    [],
  );
  return (
    <MemoryRouter initialEntries={[initialPath]}>
      <RedocStandalone spec={spec} basePath={basePath} onLoaded={onLoaded} options={REDOC_OPTIONS} />
    </MemoryRouter>
  );
}
