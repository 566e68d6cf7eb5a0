// The bare Fastify route the api's throughput is compared with: same framework, same machine, same run,
// in its own process like the api. Prints its URL on stdout once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { ok: true, pair: 'btc-eth', rate: '17.93456123', updatedAt: 0 };
app.get('/bare', async () => ({ ...body, updatedAt: Date.now() }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`http://127.0.0.1:${port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
