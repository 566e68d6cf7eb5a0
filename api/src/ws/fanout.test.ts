// Issue 27: a tick's fan-out holds the process's background passes (jobs/quiet.ts) until its last frame is written,
// and keepalive pings falling due meanwhile wait for it too. Every subscriber still gets every tick's frame whole:
// over more than one slice of sockets, on ready-framed raw writes and on the permessage-deflate path, beside a paused
// (slow) consumer and sockets that closed just before the tick.
import websocketPlugin from '@fastify/websocket';
import Fastify from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import WebSocket from 'ws';
import { createOrderJob } from '../jobs/orderJob';
import { BusPriceBoard } from '../realtime/priceBoard';
import type { PriceBoard } from '../realtime/types';
import { registerWebSocket } from './index';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Frame {
  channel: string;
  event: string;
  data: { price: string; claimedDepositAmount: string; updatedAt: string };
}

async function until(done: () => boolean, ms = 20_000) {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await sleep(20);
}

describe('tick fan-out with background work held (jobs/quiet.ts)', () => {
  it('writes every frame whole to every kind of subscriber before a job pass due meanwhile runs', async () => {
    const board = new BusPriceBoard();
    let tickNo = 0;
    const tick = (btc: string) => board.apply({ tick: ++tickNo, at: new Date(Date.UTC(2026, 0, 1, 0, 0, tickNo)).toISOString(), prices: { BTC: btc } });
    tick('65000');
    const quote = async (request: ExchangeRequest) =>
      ({
        price: board.priceUsd('BTC')!.toFixed(),
        claimedDepositAmount: request.claimedDepositAmount,
        updatedAt: board.updatedAt!.toISOString(),
      }) as unknown as PairData;
    // The hub's ticks are started by hand (fanOut) so the test holds the fan-out's promise.
    const manual: PriceBoard = {
      priceUsd: (t) => board.priceUsd(t),
      get updatedAt() {
        return board.updatedAt;
      },
      ready: () => board.ready(),
      onTick: () => () => undefined,
    };
    const app = Fastify();
    // permessage-deflate offered: clients asking for it take ws's send path, the others the ready-framed raw writes
    await app.register(websocketPlugin, { options: { perMessageDeflate: true, maxPayload: 64 * 1024 } });
    const hub = await registerWebSocket(app, { quote, priceBoard: manual, logger: quiet, maxConnectionsPerAddress: 2000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: WebSocket[] = [];
    const frames: Frame[][] = [];
    let writing = false;
    let passesDuringFanOut = 0;
    let passes = 0;
    const job = createOrderJob({
      processDue: async () => {
        passes++;
        if (writing) passesDuringFanOut++;
      },
      intervalMs: 1,
    });
    try {
      const { port } = app.server.address() as { port: number };
      const url = `ws://127.0.0.1:${port}/api/v2/ws`;
      // 1,150 sockets over two groups, more than one slice (1,000) of writes; every tenth negotiates deflate
      for (let i = 0; i < 1150; i++) {
        const ws = new WebSocket(url, { perMessageDeflate: i % 10 === 0 });
        const got: Frame[] = [];
        frames.push(got);
        ws.on('message', (d) => got.push(JSON.parse(d.toString())));
        sockets.push(ws);
      }
      await Promise.all(sockets.map((ws) => new Promise((r) => ws.once('open', r))));
      expect(sockets.filter((ws) => ws.extensions.includes('permessage-deflate'))).toHaveLength(115);
      const amountOf = (i: number) => (i % 2 ? '0.5' : '0.25');
      sockets.forEach((ws, i) =>
        ws.send(
          JSON.stringify({ event: 'pairs.rates', data: { instrumentFromSlug: 'btc', instrumentToSlug: 'usdttrc20', claimedDepositAmount: amountOf(i) } }),
        ),
      );
      await until(() => frames.every((f) => f.length === 1));

      const slow = sockets[3];
      slow.pause(); // a slow consumer: reads nothing for the next ticks (nor the pings, so keepalive is left at 30 s)
      const gone = [sockets[5], sockets[10]]; // one raw, one deflate socket, closed just before the ticks
      for (const ws of gone) ws.terminate();
      const live = sockets.map((_, i) => i).filter((i) => i !== 3 && i !== 5 && i !== 10);

      job.start();
      const prices = ['65100', '65200', '65300'];
      for (const price of prices) {
        tick(price);
        writing = true;
        await hub.fanOut();
        writing = false;
        await sleep(30); // job passes run between ticks
      }
      await until(() => live.every((i) => frames[i].length === 1 + prices.length));
      for (const i of live) {
        expect(frames[i].map((f) => f.data.price)).toEqual(['65000', ...prices]);
        for (const f of frames[i]) {
          expect(f).toEqual({
            channel: 'pairs',
            event: 'data',
            data: { price: f.data.price, claimedDepositAmount: amountOf(i), updatedAt: expect.any(String) },
          });
        }
      }
      // the slow consumer missed nothing and got no torn frame: it reads every tick once it reads again
      slow.resume();
      await until(() => frames[3].length === 1 + prices.length);
      expect(frames[3].map((f) => f.data.price)).toEqual(['65000', ...prices]);
      // background passes ran between the ticks, none while a tick's frames were being written
      expect(passes).toBeGreaterThan(2);
      expect(passesDuringFanOut).toBe(0);
      expect(hub.size).toBe(1148);
    } finally {
      await job.stop();
      for (const ws of sockets) ws.terminate();
      await app.close();
    }
  }, 60_000);
});
