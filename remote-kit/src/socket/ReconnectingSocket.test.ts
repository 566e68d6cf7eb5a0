// ReconnectingSocket: §9 reconnects every 3 s; a 1012 (Service Restart) close of an open socket — a replica draining
// on a rolling restart (issue 14) — reconnects within a second instead.
import { FakeWebSocket, fakeSocketFactory } from './FakeWebSocket';
import { CLOSE_SERVICE_RESTART, ReconnectingSocket, RESTART_RECONNECT_SPREAD_MS } from './ReconnectingSocket';

describe('ReconnectingSocket', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeWebSocket.reset();
  });
  afterEach(() => jest.useRealTimers());

  const connected = () => {
    const socket = new ReconnectingSocket({ url: 'ws://x/api/v2/ws', createSocket: fakeSocketFactory, onOpen: () => undefined, onMessage: () => undefined });
    socket.connect();
    FakeWebSocket.last.open();
    expect(socket.state).toBe('open');
    return socket;
  };

  it('reconnects after the §9 interval when the connection drops', () => {
    const socket = connected();
    FakeWebSocket.last.serverClose();
    expect(socket.state).toBe('waiting');
    jest.advanceTimersByTime(2_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.dispose();
  });

  it('reconnects within a second when the server restarts (close code 1012)', () => {
    const socket = connected();
    FakeWebSocket.last.serverClose(CLOSE_SERVICE_RESTART);
    expect(socket.state).toBe('waiting');
    jest.advanceTimersByTime(RESTART_RECONNECT_SPREAD_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last.open();
    expect(socket.state).toBe('open');
    expect(socket.attempts).toBe(0);
    socket.dispose();
  });

  it('a 1012 on a socket that never opened waits the §9 interval (no tight loop against a restarting server)', () => {
    const socket = new ReconnectingSocket({ url: 'ws://x/api/v2/ws', createSocket: fakeSocketFactory, onOpen: () => undefined, onMessage: () => undefined });
    socket.connect();
    FakeWebSocket.last.serverClose(CLOSE_SERVICE_RESTART);
    jest.advanceTimersByTime(RESTART_RECONNECT_SPREAD_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(3_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.dispose();
  });
});
