(globalThis as any).__dirname = '/work/main/api/test/fault';
const { ApiProcess, PgCluster, RedisServer, sleep } = await import('./harness');
(async () => {
  const c = await PgCluster.start();
  const r = await RedisServer.start();
  const db = await c.createDatabase('probe');
  const api = await ApiProcess.start({ databaseUrl: c.urlOf(db), redisUrl: r.url, logFile: '/tmp/h8/probe.log', env: { LOG_LEVEL: 'debug' } });
  const body = {
    rateMode: 'FLOATING',
    instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
    instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
    destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
    claimedDepositAmount: '0.02',
  };
  await r.stop();
  for (let i = 0; i < 8; i++) {
    let t = Date.now();
    const a = await api.post('/api/v1/orders/public/create', body);
    console.log('create', a.status, Date.now() - t);
    t = Date.now();
    const b = await api.post('/api/v1/instruments/public/validate-address', { currencyTitle: 'BTC', networkTitle: 'BTC', address: 'x' });
    console.log('validate', b.status, Date.now() - t);
    await sleep(500);
  }
  await api.stop();
  await c.destroy();
})();
