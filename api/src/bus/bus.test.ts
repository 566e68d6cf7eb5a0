import { randomUUID } from 'node:crypto';
import { closeRedis, connectRedisCommands, createBus, MemoryBus, type MessageBus } from './index';

function collector() {
  const got: string[] = [];
  let waiters: Array<() => void> = [];
  return {
    got,
    handler: (m: string) => {
      got.push(m);
      waiters.forEach((w) => w());
      waiters = [];
    },
    async waitFor(n: number, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (got.length < n) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} messages, got ${got.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 20);
        });
      }
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 30));

function busContract(name: string, make: () => MessageBus) {
  describe(name, () => {
    const buses: MessageBus[] = [];
    const bus = () => {
      const b = make();
      buses.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.close()));
    });

    it('delivers published messages to every subscriber of the channel only', async () => {
      const b = bus();
      const a = collector();
      const c = collector();
      const other = collector();
      await b.subscribe('x', a.handler);
      await b.subscribe('x', c.handler);
      await b.subscribe('y', other.handler);
      await b.publish('x', 'hello');
      await b.publish('x', 'world');
      await a.waitFor(2);
      await c.waitFor(2);
      expect(a.got).toEqual(['hello', 'world']);
      expect(c.got).toEqual(['hello', 'world']);
      await tick();
      expect(other.got).toEqual([]);
    });

    it('stops delivering after unsubscribe', async () => {
      const b = bus();
      const a = collector();
      const keep = collector();
      const off = await b.subscribe('x', a.handler);
      await b.subscribe('x', keep.handler);
      await b.publish('x', '1');
      await a.waitFor(1);
      await off();
      await b.publish('x', '2');
      await keep.waitFor(2);
      await tick();
      expect(a.got).toEqual(['1']);
    });

    it('isolates a throwing or rejecting handler from the bus and other handlers', async () => {
      const errors: unknown[] = [];
      const b = name === 'MemoryBus' ? new MemoryBus((e) => errors.push(e)) : bus();
      if (name === 'MemoryBus') buses.push(b);
      const ok = collector();
      const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await b.subscribe('x', () => {
        throw new Error('boom');
      });
      await b.subscribe('x', (async () => {
        throw new Error('async boom');
      }) as unknown as (m: string) => void);
      await b.subscribe('x', ok.handler);
      await b.publish('x', 'a');
      await b.publish('x', 'b');
      await ok.waitFor(2);
      await tick();
      spy.mockRestore();
      expect(ok.got).toEqual(['a', 'b']);
    });
  });
}

busContract('MemoryBus', () => createBus());

const REDIS_URL = process.env.REDIS_URL;
(REDIS_URL ? describe : describe.skip)('RedisBus (REDIS_URL)', () => {
  const prefix = `test:${randomUUID()}:`;
  busContract('RedisBus', () => createBus(REDIS_URL, { prefix, report: () => undefined }));

  it('fans a message out between two connections (two replicas)', async () => {
    const a = createBus(REDIS_URL, { prefix });
    const b = createBus(REDIS_URL, { prefix });
    try {
      const got = collector();
      await b.subscribe('rates.tick', got.handler);
      await a.publish('rates.tick', '{"tick":1}');
      await got.waitFor(1);
      expect(got.got).toEqual(['{"tick":1}']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('does not see channels of another prefix', async () => {
    const a = createBus(REDIS_URL, { prefix: `${prefix}a:` });
    const b = createBus(REDIS_URL, { prefix: `${prefix}b:` });
    try {
      const got = collector();
      await b.subscribe('x', got.handler);
      await a.publish('x', 'nope');
      await tick();
      expect(got.got).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('publishes on the process’s command connection when given one, and leaves it open when closed (issue 26)', async () => {
    const commands = connectRedisCommands(REDIS_URL as string);
    const a = createBus(REDIS_URL, { prefix, commands });
    const b = createBus(REDIS_URL, { prefix });
    try {
      const got = collector();
      await b.subscribe('shared', got.handler);
      await a.publish('shared', 'over the shared connection');
      await got.waitFor(1);
      expect(got.got).toEqual(['over the shared connection']);
      await a.close();
      expect(await commands.ping()).toBe('PONG');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await closeRedis(commands);
    }
  });
});
