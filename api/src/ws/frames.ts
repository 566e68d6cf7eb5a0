// The bytes the WebSocket sends (ws/index.ts): server messages, error frames, the ready-framed tick frame, and the
// two ways they are written to a socket.
import type { Socket } from 'node:net';
import { ApiError, type WsServerMessage } from 'shared-contracts/server';
import type { WebSocket } from 'ws';

const OPEN = 1;
/** A socket whose unsent data exceeds this skips ticks until it drains (slow consumer). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** A subscriber as written to: its WebSocket and, when tick frames may go to it ready-framed, its TCP socket. */
interface Writable {
  socket: WebSocket;
  raw?: Socket;
}

export type ErrorData = { statusCode: number; code: string; message: string; details?: Record<string, unknown> };
export type Channel = 'pairs' | 'orders';

export function toErrorData(err: unknown): ErrorData {
  const e = err as Partial<ApiError> | undefined;
  if (err instanceof ApiError || (e && typeof e.statusCode === 'number' && typeof e.code === 'string' && e.code.startsWith('ERR_'))) {
    const data: ErrorData = { statusCode: e!.statusCode!, code: e!.code!, message: String(e!.message ?? '') };
    if (e!.details) data.details = e!.details;
    return data;
  }
  return { statusCode: 500, code: 'ERR_INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

export const frame = (message: WsServerMessage): Buffer => Buffer.from(JSON.stringify(message));
export const errorFrame = (channel: Channel, data: ErrorData): Buffer => Buffer.from(JSON.stringify({ channel, event: 'error', data }));
export const badRequest = (channel: Channel, message: string): Buffer => errorFrame(channel, { statusCode: 400, code: 'ERR_BAD_REQUEST', message });

/**
 * A text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked as the server's frames are) holding `payload`: built once per
 * pair group and tick, then written as it is to every subscriber's connection.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const headerBytes = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerBytes + n);
  out[0] = 0x81;
  if (n < 126) out[1] = n;
  else if (n < 65536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(0, 2);
    out.writeUInt32BE(n, 6);
  }
  payload.copy(out, headerBytes);
  return out;
}

export function send(client: Writable, data: Buffer): void {
  const { socket } = client;
  if (socket.readyState !== OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
  // A Buffer sent with binary:false goes out as a text frame without being re-encoded per socket.
  socket.send(data, { binary: false });
}

/**
 * The tick's hot path, run once per subscriber: one write of the ready frame to the connection instead of ws's
 * send (which builds a header and corks two writes per socket). Same skip rules as send().
 */
export function sendFramed(client: Writable, payload: Buffer, framed: Buffer): void {
  const { socket, raw } = client;
  if (!raw) {
    send(client, payload);
    return;
  }
  if (socket.readyState !== OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
  raw.write(framed);
}
