// A child process holding many WebSocket subscribers of the api (bench/lib/ws.ts forks several, so that no single
// process reads 10,000 sockets and so each stays far below its open-file limit). Driven over IPC:
//   parent → { cmd: 'connect', url, count, requests, concurrency }  child → { type: 'connected', open, failed, errors }
//   parent → { cmd: 'record' }  (from now on frames are counted)
//   parent → { cmd: 'report' }  child → { type: 'report', ticks: { [updatedAt]: { max, n } }, frames, errorFrames, closes, messages }
//   parent → { cmd: 'close' }   child closes every socket and exits
// Latency of a frame = arrival (Date.now()) − its `updatedAt` (the tick's time, set by the leader when it made the
// tick: realtime/priceBoard.ts); only that field is read, from the raw bytes, so the clients' own cost stays small.
import WebSocket from 'ws';

const sockets = [];
let recording = false;
const ticks = new Map();
let frames = 0;
let errorFrames = 0;
let closes = 0;
const errorMessages = new Map();
const MARK = Buffer.from('"updatedAt":"');

function onFrame(data) {
  const now = Date.now();
  if (!recording) return;
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const i = buf.indexOf(MARK);
  if (i < 0) {
    errorFrames++;
    const text = buf.toString('utf8', 0, Math.min(buf.length, 200));
    errorMessages.set(text, (errorMessages.get(text) ?? 0) + 1);
    return;
  }
  const start = i + MARK.length;
  const end = buf.indexOf(0x22, start);
  const at = buf.toString('latin1', start, end);
  const latency = now - Date.parse(at);
  frames++;
  const t = ticks.get(at);
  if (t) {
    t.n++;
    if (latency > t.max) t.max = latency;
  } else ticks.set(at, { max: latency, n: 1 });
}

function connectOne(url, request) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let settled = false;
    ws.on('open', () => {
      ws.send(JSON.stringify({ event: 'pairs.rates', data: request }));
      sockets.push(ws);
      settled = true;
      resolve(null);
    });
    ws.on('message', onFrame);
    ws.on('close', () => {
      if (recording) closes++;
    });
    ws.on('error', (err) => {
      if (!settled) {
        settled = true;
        resolve(err.message);
      }
    });
  });
}

async function connect({ url, count, requests, concurrency }) {
  let next = 0;
  let failed = 0;
  const errors = {};
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const err = await connectOne(url, requests[i % requests.length]);
      if (err) {
        failed++;
        errors[err] = (errors[err] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  process.send({ type: 'connected', open: sockets.length, failed, errors });
}

process.on('message', (msg) => {
  if (msg.cmd === 'connect') void connect(msg);
  else if (msg.cmd === 'record') {
    recording = true;
    ticks.clear();
  } else if (msg.cmd === 'report') {
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    process.send({
      type: 'report',
      ticks: Object.fromEntries(ticks),
      frames,
      errorFrames,
      errorMessages: Object.fromEntries([...errorMessages].slice(0, 5)),
      closes,
      open,
    });
  } else if (msg.cmd === 'close') {
    recording = false;
    for (const s of sockets) s.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
process.on('disconnect', () => process.exit(0));
