// The Chromium command-line flags every headless run here uses: the e2e project (playwright.config.ts) and the
// bench's page-weight measure (bench/lib/page-weight.ts), so that both load pages the same way.
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
