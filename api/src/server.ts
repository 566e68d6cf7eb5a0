// Wiring of the whole api process: db → migrations → seed → realtime → app → WebSocket → listen. One Redis connection
// for commands (bus/connect.ts) serves the limits, the bus's publisher and the tick-leader lock (issue 26).
import type { FastifyInstance } from 'fastify';
import type { CustodyRuntime } from './adapters/custody';
import type { CustodyAdapter } from './adapters/custody/types';
import { buildApp } from './app';
import { closeRedis, connectRedisCommands } from './bus';
import { CONTRACT_VERSION } from 'shared-contracts/server';
import { configFor, type Config } from './config';
import { openDb, type DbHandle } from './db/client';
import { migrate } from './db/migrate';
import { createAccounts, type Accounts, type AccountsOptions } from './modules/accounts';
import { drainAndClose } from './lifecycle/drain';
import { createLimitStore } from './limits';
import { createInstrumentRepo, seedInstruments } from './modules/instruments';
import { createRealtime } from './realtime';
import { listenMetrics } from './observability';
import type { CreateRealtime, Realtime } from './realtime/types';

export interface StartOptions {
  /** Use this realtime instead of creating one (tests pass a fake with their own PriceBoard). */
  realtime?: Realtime;
  createRealtime?: CreateRealtime;
  /** Use an already opened database (it is then not closed by close()). */
  db?: DbHandle;
  /** Accounts overrides (tests: clock, counting password hasher, rate-limit key prefix). */
  accounts?: AccountsOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Custody adapter instead of the configured one (tests: payouts that fail or hang, a fake real chain). */
  custody?: CustodyAdapter;
  /** With `custody`: its chain follower, started with the orders' deposit sink (tests: a fake that reports deposits). */
  chain?: CustodyRuntime['chain'];
}

export interface RunningApi {
  app: FastifyInstance;
  url: string;
  /** GET {metricsUrl}/metrics (issue 14); undefined with METRICS_PORT=off or when its port was taken. */
  metricsUrl?: string;
  /** Drains and closes; `graceMs`: how long new requests are answered 503 before the listener closes (SIGTERM). */
  close(opts?: { graceMs?: number }): Promise<void>;
}

/** /health's `version`: the build id when the deployment names one, else the API's version, the OpenAPI document's (issue 29). */
function apiVersion(config: Pick<Config, 'buildId'>): string {
  return config.buildId || CONTRACT_VERSION;
}

export async function startApi(config: Config, opts: StartOptions = {}): Promise<RunningApi> {
  const ownDb = !opts.db;
  const db = opts.db ?? (await openDb(config));
  let realtime: Realtime | undefined;
  let app: FastifyInstance | undefined;
  let accounts: Accounts | undefined;
  let metricsServer: Awaited<ReturnType<typeof listenMetrics>> = null;
  const redis = config.redisUrl ? connectRedisCommands(config.redisUrl) : undefined;
  const limits = createLimitStore({ redis, keyPrefix: opts.accounts?.rateLimitPrefix });
  try {
    await migrate(db);
    await seedInstruments(db.db);
    const instruments = await createInstrumentRepo(db.db);

    const rt: Realtime =
      opts.realtime ??
      (await (opts.createRealtime ?? createRealtime)({
        redisUrl: config.redisUrl,
        redis,
        marketAdapter: config.marketAdapter,
        ccxtExchange: config.ccxtExchange,
        tickIntervalMs: config.tickIntervalMs,
        currencyTitles: [...new Set(instruments.all().map((i) => i.currencyTitle))],
        sandboxSeed: config.sandboxSeed,
        ws: config.ws,
      }));
    realtime = rt;

    accounts = await createAccounts(configFor(config, 'accounts'), db, { ...opts.accounts, limits });
    // The card provider only has a sandbox implementation so far: /health says so truthfully whatever SANDBOX_MODE is
    // (SANDBOX_MODE=false removes the sandbox's public powers, not the simulation). Custody's flag is set by buildApp
    // from the adapter it runs (issue 28).
    const sandbox = { market: rt.marketIsSandbox, custody: true, provider: true, mail: accounts.mailer.sandbox };
    app = await buildApp(config, {
      db,
      instruments,
      priceBoard: rt.priceBoard,
      sandbox,
      version: apiVersion(config),
      bus: rt.bus,
      accounts,
      limits,
      logStream: opts.logStream,
      custody: opts.custody,
      chain: opts.chain,
    });
    await rt.registerWebSocket(app, app.quotePair);
    await rt.start();
    await app.listen({ port: config.port, host: config.host });
    metricsServer = await listenMetrics(app, config);
  } catch (err) {
    await metricsServer?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await accounts?.close().catch(() => undefined);
    if (!opts.realtime) await realtime?.stop().catch(() => undefined);
    if (ownDb) await db.close().catch(() => undefined);
    if (redis) await closeRedis(redis);
    throw err;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const running = app;
  const rt = realtime as Realtime;
  const acc = accounts as Accounts;
  let closing: Promise<void> | undefined;
  return {
    app: running,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    metricsUrl: metricsServer?.url,
    close: (closeOpts) =>
      (closing ??= (async () => {
        // Graceful: 503 for new requests, WebSockets closed with 1012, in-flight requests and job passes finish.
        await drainAndClose(running, closeOpts);
        await metricsServer?.close();
        await acc.close();
        if (!opts.realtime) await rt.stop();
        if (redis) await closeRedis(redis);
        if (ownDb) await db.close();
      })()),
  };
}
