// Entry point of the api process (`pnpm --filter api start`).
import { loadConfig } from './config';
import { shutdownOnSignals } from 'server-kit/shutdown';
import { startApi } from './server';

export { startApi, type RunningApi, type StartOptions } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const api = await startApi(config);
  api.app.log.info(`api listening on ${api.url}`);
  if (config.sandboxMode) {
    api.app.log.warn(
      'SANDBOX MODE: deposits are simulated and mail stays in the outbox; the sandbox endpoints answer only this machine' +
        (config.sandboxToken ? ' and callers with SANDBOX_TOKEN' : ''),
    );
  }
  // Issue 14: drain on SIGTERM/SIGINT, exit 0 when done, exit 1 past SHUTDOWN_TIMEOUT_MS.
  shutdownOnSignals({
    close: () => api.close({ graceMs: config.http.shutdownGraceMs }),
    timeoutMs: config.http.shutdownTimeoutMs,
    log: api.app.log,
    finishing: 'accepted requests and order transitions',
  });
}

// Run only as the entry script, so tests and the bench can import startApi from here.
if (process.argv[1] && /[\\/]main\.[cm]?[tj]s$/.test(process.argv[1])) {
  main().catch((err) => {
    // A configuration refusal says all there is to say; a stack trace would only hide it.
    const refusal = err instanceof Error && /^(Invalid configuration|Refusing to start)/.test(err.message);
    console.error(refusal ? err.message : err);
    process.exit(1);
  });
}
