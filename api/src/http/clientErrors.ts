// Errors Node's HTTP parser raises before Fastify sees a request (malformed request line or header, a
// request not received within HTTP_REQUEST_TIMEOUT_MS / HTTP_HEADERS_TIMEOUT_MS, headers too large):
// answered in the catalogue shape, then the connection is closed.
import http from 'node:http';
import type { Socket } from 'node:net';

const STATUS_BY_CODE: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

export function onClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = STATUS_BY_CODE[err.code ?? ''] ?? 400;
  const message = statusCode === 408 ? 'Request not received in time' : statusCode === 431 ? 'Request headers too large' : 'Malformed request';
  // 408 and 431 have no code of their own in the §8 catalogue; ERR_BAD_REQUEST is the nearest.
  const body = JSON.stringify({ statusCode, code: 'ERR_BAD_REQUEST', message });
  if (!socket.writable) return void socket.destroy();
  const head = `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  socket.end(head + body, () => socket.destroy());
}
