// Entry point of the api process (`pnpm --filter api start`).
import { loadConfig } from './config';
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
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    api.close().then(
      () => process.exit(0),
      (err) => {
        api.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
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
