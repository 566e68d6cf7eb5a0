// WebSocket subscribers in child processes (ws-clients.mjs) and the tick → last subscriber's frame figure.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './openLoop';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WS_P99_TARGET_MS = 100;
/** The api's tick → last frame p99 may be at most this many times the bare `ws` server's (issue 27). */
export const WS_BARE_RATIO_TARGET = 1.25;

interface TickStat {
  max: number;
  n: number;
}
interface ChildReport {
  type: 'report';
  ticks: Record<string, TickStat>;
  frames: number;
  errorFrames: number;
  errorMessages: Record<string, number>;
  closes: number;
  open: number;
}

/** Ten amounts of btc→eth: ten pair groups, each quoted and serialised once per tick (ws/index.ts). */
export function subscriptionRequests(groups = 10): Record<string, string>[] {
  return Array.from({ length: groups }, (_, i) => ({
    instrumentFromSlug: 'btc',
    instrumentToSlug: 'eth',
    claimedDepositAmount: (0.1 * (i + 1)).toFixed(1),
  }));
}

export class WsFleet {
  private readonly children: ChildProcess[] = [];

  private constructor(readonly total: number) {}

  /** `total` sockets over `processes` children, each subscribed to one of `requests` (round robin). */
  static async connect(opts: { wsUrl: string; total: number; processes: number; requests: Record<string, string>[] }): Promise<{
    fleet: WsFleet;
    open: number;
    failed: number;
    errors: Record<string, number>;
    seconds: number;
  }> {
    const fleet = new WsFleet(opts.total);
    const t0 = Date.now();
    const per = Math.ceil(opts.total / opts.processes);
    const results = await Promise.all(
      Array.from({ length: opts.processes }, (_, k) => {
        const count = Math.min(per, opts.total - k * per);
        const child = fork(path.join(here, '..', 'ws-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        fleet.children.push(child);
        return new Promise<{ open: number; failed: number; errors: Record<string, number> }>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`ws client process exited (${code})`)));
          child.on('message', (m: { type: string; open: number; failed: number; errors: Record<string, number> }) => {
            if (m.type === 'connected') resolve(m);
          });
          child.send({ cmd: 'connect', url: opts.wsUrl, count, requests: opts.requests, concurrency: 50 });
        });
      }),
    );
    const errors: Record<string, number> = {};
    for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
    return {
      fleet,
      open: results.reduce((s, r) => s + r.open, 0),
      failed: results.reduce((s, r) => s + r.failed, 0),
      errors,
      seconds: (Date.now() - t0) / 1000,
    };
  }

  record(): void {
    for (const c of this.children) c.send({ cmd: 'record' });
  }

  async report(): Promise<ChildReport[]> {
    return Promise.all(
      this.children.map(
        (c) =>
          new Promise<ChildReport>((resolve) => {
            const on = (m: ChildReport) => {
              if (m.type !== 'report') return;
              c.off('message', on);
              resolve(m);
            };
            c.on('message', on);
            c.send({ cmd: 'report' });
          }),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.removeAllListeners('exit');
            c.once('exit', () => resolve());
            c.send({ cmd: 'close' });
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  }
}

export interface FanOutFigures {
  subscribers: number;
  ticks: number;
  /** Ticks where some subscriber got no frame. */
  incompleteTicks: number;
  p50: number;
  p99: number;
  max: number;
  frames: number;
  errorFrames: number;
  errorMessages: Record<string, number>;
  closes: number;
  open: number;
}

/** Per tick: the latest subscriber's latency (max over all processes); first and last tick dropped (partial). */
export function fanOutFigures(reports: ChildReport[], subscribers: number): FanOutFigures {
  const merged = new Map<string, TickStat>();
  for (const r of reports) {
    for (const [at, t] of Object.entries(r.ticks)) {
      const m = merged.get(at);
      if (m) {
        m.n += t.n;
        m.max = Math.max(m.max, t.max);
      } else merged.set(at, { ...t });
    }
  }
  const ordered = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).slice(1, -1);
  const lasts = ordered.map(([, t]) => t.max).sort((a, b) => a - b);
  const errorMessages: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.errorMessages)) errorMessages[k] = (errorMessages[k] ?? 0) + v;
  return {
    subscribers,
    ticks: ordered.length,
    incompleteTicks: ordered.filter(([, t]) => t.n < subscribers).length,
    p50: percentile(lasts, 50),
    p99: percentile(lasts, 99),
    max: lasts.at(-1) ?? Number.NaN,
    frames: reports.reduce((s, r) => s + r.frames, 0),
    errorFrames: reports.reduce((s, r) => s + r.errorFrames, 0),
    errorMessages,
    closes: reports.reduce((s, r) => s + r.closes, 0),
    open: reports.reduce((s, r) => s + r.open, 0),
  };
}

function printFanOut(f: FanOutFigures): void {
  console.log(
    `  ${f.ticks} ticks, ${f.subscribers} subscribers (${f.open} still open at the end): time from the tick to the LAST subscriber's frame p50 ${f.p50} ms · p99 ${f.p99} ms · max ${f.max} ms`,
  );
  console.log(`  frames ${f.frames} · error frames ${f.errorFrames} · closed while recording ${f.closes} · ticks some subscriber missed ${f.incompleteTicks}`);
  for (const [msg, n] of Object.entries(f.errorMessages)) console.log(`    error frame ×${n}: ${msg}`);
}

/** The api's first price frame for `request` (the bytes the bare server then sends, with each tick's updatedAt). */
export async function captureFrame(wsUrl: string, request: Record<string, string>): Promise<string> {
  const ws = new WebSocket(wsUrl);
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no price frame from the api within 10 s')), 10_000);
      ws.onopen = () => ws.send(JSON.stringify({ event: 'pairs.rates', data: request }));
      ws.onerror = () => reject(new Error('capturing the api frame: socket error'));
      ws.onmessage = (e) => {
        const text = String(e.data);
        if (!text.includes('"updatedAt":"')) return;
        clearTimeout(timer);
        resolve(text);
      };
    });
  } finally {
    ws.close();
  }
}

/** utime and stime of a process in ms (Linux /proc; clock ticks of 10 ms), undefined when unreadable. */
function cpuMsOf(pid: number | undefined): { user: number; system: number } | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/** bench/bare-ws-server.mjs in its own node process: broadcasts `frame` (each tick's updatedAt put in) every `tickMs`, `offsetMs` after the api's ticks. */
export async function startBareWsServer(frame: string, tickMs: number, offsetMs: number): Promise<{ wsUrl: string; pid?: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(here, '..', 'bare-ws-server.mjs')], {
    cwd: path.join(here, '..'),
    env: { ...process.env, BARE_WS_FRAME: frame, BARE_WS_TICK_MS: String(tickMs), BARE_WS_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ws:\/\/\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)));
  });
  return {
    wsUrl,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export interface FanOutRun {
  label: string;
  figures: FanOutFigures;
  failed: number;
  /** Every socket connected, no tick missed by anyone, no error frame. */
  complete: boolean;
  /** The server process's CPU (user + system) over the recording, per tick: what one fan-out costs it, load aside. */
  cpuMsPerTick?: number;
  /** Of which system (kernel: the sends' syscalls) and user (JavaScript, Node, V8's threads). */
  systemMsPerTick?: number;
  userMsPerTick?: number;
}

/**
 * `total` subscribers to each target (a fleet of `processes` client processes per target, all connected before
 * recording starts), then `ticks` ticks of `tickMs` recorded for all targets over the same seconds: the targets tick
 * at different offsets within the interval (bare-ws-server.mjs BARE_WS_OFFSET_MS), so each broadcasts while the
 * other is idle, and whatever else loads the machine meanwhile weighs on both alike.
 */
export async function measureFanOutSideBySide(opts: {
  targets: { label: string; wsUrl: string; pid?: number }[];
  total: number;
  processes: number;
  ticks: number;
  tickMs: number;
}): Promise<FanOutRun[]> {
  const fleets: { label: string; fleet: WsFleet; open: number; failed: number; pid?: number }[] = [];
  try {
    for (const t of opts.targets) {
      const c = await WsFleet.connect({ wsUrl: t.wsUrl, total: opts.total, processes: opts.processes, requests: subscriptionRequests() });
      fleets.push({ label: t.label, fleet: c.fleet, open: c.open, failed: c.failed, pid: t.pid });
      console.log(
        `  ${t.label}: ${c.open} sockets open in ${c.seconds.toFixed(1)} s over ${opts.processes} client processes (${c.failed} failed${c.failed ? ` ${JSON.stringify(c.errors)}` : ''}); 10 pair subscriptions`,
      );
    }
    await new Promise((r) => setTimeout(r, 2 * opts.tickMs));
    for (const f of fleets) f.fleet.record();
    const cpu0 = fleets.map((f) => cpuMsOf(f.pid));
    await new Promise((r) => setTimeout(r, (opts.ticks + 2) * opts.tickMs));
    const cpu1 = fleets.map((f) => cpuMsOf(f.pid));
    const runs: FanOutRun[] = [];
    for (const [k, f] of fleets.entries()) {
      const figures = fanOutFigures(await f.fleet.report(), f.open);
      const [a, b] = [cpu0[k], cpu1[k]];
      const perTick = (ms: number) => ms / (opts.ticks + 2);
      const userMsPerTick = a && b ? perTick(b.user - a.user) : undefined;
      const systemMsPerTick = a && b ? perTick(b.system - a.system) : undefined;
      const cpuMsPerTick = userMsPerTick !== undefined && systemMsPerTick !== undefined ? userMsPerTick + systemMsPerTick : undefined;
      console.log(`  ${f.label}:`);
      printFanOut(figures);
      if (cpuMsPerTick !== undefined)
        console.log(
          `  server CPU per tick (user + system over the recording ÷ ${opts.ticks + 2} ticks): ${cpuMsPerTick.toFixed(0)} ms (user ${userMsPerTick!.toFixed(0)} + system ${systemMsPerTick!.toFixed(0)})`,
        );
      runs.push({
        label: f.label,
        figures,
        failed: f.failed,
        complete: f.failed === 0 && figures.incompleteTicks === 0 && figures.errorFrames === 0,
        cpuMsPerTick,
        userMsPerTick,
        systemMsPerTick,
      });
    }
    return runs;
  } finally {
    await Promise.all(fleets.map((f) => f.fleet.close()));
  }
}
