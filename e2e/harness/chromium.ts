// How every headless run here starts Chromium: the e2e project (playwright.config.ts) and the bench's page-weight
// measure (bench/lib/page-weight.ts), so that both pick the same browser and load pages the same way.
import { existsSync } from 'node:fs';

/** The Chromium command-line flags. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH when set, else the system's /usr/bin/chromium when present, else undefined: Playwright's own Chromium. */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
