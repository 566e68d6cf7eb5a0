import { createOrderJob } from './orderJob';
import { holdBackgroundWork, whenNotHeld } from './quiet';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const turn = () => new Promise((r) => setImmediate(r));

describe('holding background work (jobs/quiet.ts)', () => {
  it('runs at once when nothing holds the process', () => {
    const ran: string[] = [];
    whenNotHeld(() => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it('waits while held and runs once after the last of nested holds is released, never inside the release', async () => {
    const ran: string[] = [];
    const outer = holdBackgroundWork();
    const inner = holdBackgroundWork();
    whenNotHeld(() => ran.push('a'));
    whenNotHeld(() => ran.push('b'));
    inner();
    await turn();
    expect(ran).toEqual([]);
    outer();
    outer(); // a release is idempotent
    expect(ran).toEqual([]);
    await turn();
    expect(ran).toEqual(['a', 'b']);
    await sleep(20);
    expect(ran).toEqual(['a', 'b']);
  });

  it('keeps waiting when another hold is taken before the waiters ran', async () => {
    const ran: string[] = [];
    const first = holdBackgroundWork();
    whenNotHeld(() => ran.push('x'));
    first();
    const second = holdBackgroundWork(); // e.g. the next tick's fan-out started in the same turn
    await turn();
    await turn();
    expect(ran).toEqual([]);
    second();
    await turn();
    expect(ran).toEqual(['x']);
  });

  it('never holds longer than the wait limit (a hold that is never released cannot starve a job)', async () => {
    const ran: number[] = [];
    const release = holdBackgroundWork();
    const t0 = Date.now();
    whenNotHeld(() => ran.push(Date.now() - t0), 50);
    await sleep(120);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toBeGreaterThanOrEqual(45);
    release();
    await turn();
    expect(ran).toHaveLength(1);
  });
});

describe('createOrderJob under a hold', () => {
  it('runs a pass that fell due during a hold right after it, exactly once, and as usual otherwise', async () => {
    let passes = 0;
    const lags: number[] = [];
    const job = createOrderJob({ processDue: async () => void passes++, intervalMs: 30, onLag: (s) => lags.push(s) });
    const release = holdBackgroundWork();
    try {
      job.start();
      job.kick();
      await sleep(150); // several intervals and a kick fell due meanwhile
      expect(passes).toBe(0);
    } finally {
      release();
    }
    await turn();
    await job.idle();
    expect(passes).toBe(1);
    // the lag metric tells the truth: the pass waited for the hold
    expect(lags[0]).toBeGreaterThanOrEqual(0.1);
    await sleep(100);
    expect(passes).toBeGreaterThanOrEqual(3);
    await job.stop();
  });

  it('runs no pass after stop, even one that was waiting for a hold', async () => {
    let passes = 0;
    const job = createOrderJob({ processDue: async () => void passes++, intervalMs: 10 });
    const release = holdBackgroundWork();
    job.start();
    await sleep(30);
    await job.stop();
    release();
    await sleep(30);
    expect(passes).toBe(0);
  });
});
