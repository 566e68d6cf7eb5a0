// Rate ticks: one tick leader computes the snapshot of tick n through the market adapter and publishes it on
// BUS_CHANNELS.rateTick; every process (leader included) applies ticks only from the bus to its PriceBoard and
// pushes them to its WebSocket subscribers.
//
// Tick n is the n-th tickIntervalMs since the epoch, so a new leader after fail-over continues the numbering
// (and the sandbox walk, a pure function of n) without shared state.
import { createMarketAdapter } from '../adapters/market';
import { createBus, RedisBus } from '../bus';
import { BUS_CHANNELS } from '../bus/types';
import { holdBackgroundWork } from '../jobs/quiet';
import { registerWebSocket, type WebSocketHub } from '../ws';
import { type LeaderLock, LocalLeaderLock, RedisLeaderLock } from './leader';
import { BusPriceBoard, parseRateTick, type RateTickMessage } from './priceBoard';
import type { CreateRealtime, Realtime, RealtimeLogger } from './types';

export type { CreateRealtime } from './types';

const consoleLogger: RealtimeLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

/** Keeps the leader from firing right on the boundary, where clock skew could round down to the previous tick. */
const BOUNDARY_SLACK_MS = 2;
/**
 * Issue 27: the process's background passes (jobs/quiet.ts) are held from this long before each tick boundary until
 * the tick is applied (its WebSocket fan-out then holds them until the last frame is written), so that a job pass
 * starting just before a tick never delays its frames. Never longer than PRE_TICK_HOLD_MS + 1 s.
 */
const PRE_TICK_HOLD_MS = 50;

export interface RealtimeHandle extends Realtime {
  readonly priceBoard: BusPriceBoard;
  /** True while this process holds the tick leadership. */
  readonly isLeader: boolean;
  /** Ticks this process published as leader. */
  readonly publishedTicks: number;
}

export const createRealtime: CreateRealtime = async (options) => {
  const logger = options.logger ?? consoleLogger;
  const interval = options.tickIntervalMs;
  if (!(interval > 0)) throw new Error('tickIntervalMs must be positive');
  const prefix = options.busPrefix ?? 'exchange:';
  const market =
    options.market ??
    createMarketAdapter({
      marketAdapter: options.marketAdapter,
      sandboxSeed: options.sandboxSeed,
      ccxtExchange: options.ccxtExchange,
    });
  const bus =
    options.bus ??
    createBus(options.redisUrl, { prefix, commands: options.redis, report: (err, channel) => logger.error({ err, channel }, 'bus handler failed') });
  const lock: LeaderLock =
    bus instanceof RedisBus
      ? new RedisLeaderLock(bus.publisher, bus.key('rates:leader'), options.leaderTtlMs ?? Math.max(3 * interval, 1000))
      : new LocalLeaderLock();
  const board = new BusPriceBoard((err) => logger.error({ err }, 'price board listener failed'));
  const titles = [...new Set(options.currencyTitles)];

  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let lastPublished = -1;
  let publishedTicks = 0;
  let inFlight: Promise<void> | undefined;
  let offTick: (() => Promise<void>) | undefined;
  const hubs: WebSocketHub[] = [];
  let holdTimer: NodeJS.Timeout | undefined;
  let preTick: { release: () => void; timer: NodeJS.Timeout } | undefined;
  const endPreTickHold = () => {
    if (!preTick) return;
    clearTimeout(preTick.timer);
    preTick.release();
    preTick = undefined;
  };
  const startPreTickHold = () => {
    endPreTickHold();
    const timer = setTimeout(endPreTickHold, PRE_TICK_HOLD_MS + Math.min(interval, 1000));
    timer.unref();
    preTick = { release: holdBackgroundWork(), timer };
  };

  // Issue 14 (fault tests): with Redis unreachable no leader can be elected and no tick crosses the bus, so every
  // replica ticks on its own board (the sandbox walk and tick numbers are functions of time: the replicas agree)
  // until the lock answers again; then the elected leader's ticks come from the bus as before.
  let degraded = false;
  const setDegraded = (on: boolean, err?: unknown) => {
    if (on === degraded) return;
    degraded = on;
    if (on) logger.warn({ err }, 'tick leader lock unavailable (Redis down?): ticking on this replica alone until it returns');
    else logger.info({}, 'tick leader lock available again: ticks from the bus');
  };

  const leaderStep = async () => {
    let leader: boolean;
    try {
      // Redis down: the lock's commands would wait in ioredis' offline queue; go local at once instead.
      if (bus instanceof RedisBus && bus.unavailable) throw new Error('Redis is not connected');
      leader = await lock.acquireOrRenew();
      setDegraded(false);
    } catch (err) {
      setDegraded(true, err);
      leader = true;
    }
    if (!leader || stopped) return;
    const local = degraded;
    const n = Math.max(Math.floor(Date.now() / interval), lastPublished + 1, (board.tick ?? -1) + 1);
    let message: RateTickMessage;
    try {
      const prices = await market.fetchPrices(titles, { tick: n });
      const out: Record<string, string> = {};
      for (const [title, price] of prices) out[title] = price.toFixed();
      message = { tick: n, at: new Date().toISOString(), prices: out };
    } catch (err) {
      logger.warn({ err, adapter: market.name }, 'market prices unavailable; tick skipped');
      return;
    }
    if (stopped || (!local && !lock.isLeader)) return;
    lastPublished = n;
    if (local) {
      board.apply(message);
      return;
    }
    try {
      await bus.publish(BUS_CHANNELS.rateTick, JSON.stringify(message));
      publishedTicks++;
    } catch (err) {
      // The bus failed under the leader: its own board still gets the tick.
      logger.warn({ err }, 'rate tick not published; applied locally');
      board.apply(message);
    }
  };

  const schedule = () => {
    if (stopped) return;
    const delay = interval - (Date.now() % interval) + BOUNDARY_SLACK_MS;
    timer = setTimeout(run, delay);
    clearTimeout(holdTimer);
    if (interval >= 4 * PRE_TICK_HOLD_MS) {
      holdTimer = setTimeout(startPreTickHold, Math.max(0, delay - PRE_TICK_HOLD_MS));
      holdTimer.unref();
    }
  };
  const run = () => {
    // A slow adapter never stacks runs: the next one is scheduled when this one ends.
    inFlight = leaderStep()
      .catch((err) => logger.error({ err }, 'tick failed'))
      .finally(() => {
        inFlight = undefined;
        schedule();
      });
  };

  const realtime: RealtimeHandle = {
    bus,
    priceBoard: board,
    marketIsSandbox: market.isSandbox,
    get isLeader() {
      return lock.isLeader && !stopped;
    },
    get publishedTicks() {
      return publishedTicks;
    },

    async registerWebSocket(app, quote) {
      hubs.push(await registerWebSocket(app, { quote, priceBoard: board, bus, logger, ...options.ws }));
    },

    async start() {
      if (started) return board.ready();
      started = true;
      board.onTick(endPreTickHold);
      offTick = await bus.subscribe(BUS_CHANNELS.rateTick, (raw) => {
        const message = parseRateTick(raw);
        if (!message) return logger.warn({ raw: raw.slice(0, 200) }, 'malformed rate tick ignored');
        board.apply(message);
      });
      run(); // the leader publishes the first tick right away
      const timeoutMs = options.startTimeoutMs ?? 30_000;
      let startTimer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          board.ready(),
          new Promise<never>((_, reject) => {
            startTimer = setTimeout(() => reject(new Error(`no rate tick within ${timeoutMs} ms (market ${market.name})`)), timeoutMs);
          }),
        ]);
      } finally {
        clearTimeout(startTimer);
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      clearTimeout(holdTimer);
      endPreTickHold();
      await inFlight;
      clearTimeout(timer);
      clearTimeout(holdTimer);
      endPreTickHold();
      await Promise.all(hubs.map((h) => h.close()));
      await lock.release().catch((err) => logger.warn({ err }, 'releasing tick leadership failed'));
      await offTick?.().catch(() => undefined);
      await bus.close();
    },
  };
  return realtime;
};
