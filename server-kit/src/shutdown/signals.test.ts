// The shutdown deadline (issue 14, signals.ts): a drain that finishes exits 0; one that outlives
// SHUTDOWN_TIMEOUT_MS exits 1 with a log line saying so; a second signal does not start a second drain.
import { shutdownOnSignals } from './signals';

const logger = () => {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    log: { info: (_o: object, msg: string) => lines.push({ level: 'info', msg }), error: (_o: object, msg: string) => lines.push({ level: 'error', msg }) },
  };
};

describe('shutdownOnSignals', () => {
  afterEach(() => process.removeAllListeners('SIGUSR2'));

  it('exits 0 once the drain is done', async () => {
    const { lines, log } = logger();
    const exits: number[] = [];
    let closes = 0;
    shutdownOnSignals({ close: async () => void closes++, timeoutMs: 1_000, log, signals: ['SIGUSR2'], exit: (c) => exits.push(c) });
    process.emit('SIGUSR2', 'SIGUSR2');
    process.emit('SIGUSR2', 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 20));
    expect(exits).toEqual([0]);
    expect(closes).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual([expect.stringContaining('SIGUSR2: draining'), 'shutdown complete']);
  });

  it('exits 1 with an error line when the deadline passes first', async () => {
    const { lines, log } = logger();
    const exits: number[] = [];
    shutdownOnSignals({ close: () => new Promise<void>(() => undefined), timeoutMs: 50, log, signals: ['SIGUSR2'], exit: (c) => exits.push(c) });
    process.emit('SIGUSR2', 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 120));
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toEqual({ level: 'error', msg: expect.stringContaining('shutdown deadline of 50 ms passed') });
  });

  it('says in its first line what the drain finishes', async () => {
    const { lines, log } = logger();
    shutdownOnSignals({
      close: async () => undefined,
      timeoutMs: 1_000,
      log,
      finishing: 'accepted requests and order transitions',
      signals: ['SIGUSR2'],
      exit: () => undefined,
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 20));
    expect(lines[0].msg).toBe('SIGUSR2: draining (finishing accepted requests and order transitions)');
  });
});
