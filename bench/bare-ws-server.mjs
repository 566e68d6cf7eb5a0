// The bare `ws` server the api's WebSocket fan-out is compared with (bench part `ws`): one node process like the api,
// the same `ws` library, no framework, no quoting, no caps. On every tick (the api's interval, BARE_WS_OFFSET_MS after
// the api's tick leader's boundaries, so that the two broadcasts take turns while both run) it takes the tick's time, puts it in the api's own price frame (BARE_WS_FRAME, captured
// by the bench from the api in the same run) as `updatedAt`, serialises that once and sends it to every open socket
// with ws's plain broadcast: `for (const c of wss.clients) c.send(frame)`. What the subscribers measure against it is
// what this machine's network stack, `ws` and the client processes cost: the physical limit of the fan-out.
// Prints its ws:// URL on stdout once listening.
import { WebSocket, WebSocketServer } from 'ws';

const template = process.env.BARE_WS_FRAME ?? '{"channel":"pairs","event":"data","data":{"updatedAt":""}}';
const tickMs = Number(process.env.BARE_WS_TICK_MS ?? 1000);
const offsetMs = Number(process.env.BARE_WS_OFFSET_MS ?? 0);
const UPDATED_AT = /"updatedAt":"[^"]*"/;
if (!UPDATED_AT.test(template)) throw new Error('BARE_WS_FRAME has no "updatedAt" string field');

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/v2/ws', perMessageDeflate: false, clientTracking: true });

let timer;
const schedule = () => {
  timer = setTimeout(tick, tickMs - ((Date.now() - offsetMs) % tickMs) + 2);
};
const tick = () => {
  const at = new Date().toISOString();
  const frame = Buffer.from(template.replace(UPDATED_AT, `"updatedAt":"${at}"`));
  for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(frame, { binary: false });
  schedule();
};

wss.on('listening', () => {
  const { port } = wss.address();
  console.log(`ws://127.0.0.1:${port}/api/v2/ws`);
  schedule();
});
process.on('SIGTERM', () => {
  clearTimeout(timer);
  for (const client of wss.clients) client.terminate();
  wss.close(() => process.exit(0));
});
