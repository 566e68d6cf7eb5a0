// The bare Fastify routes the api's throughput is compared with: same framework, same machine, same run,
// in its own process like the api. Prints its URL on stdout once listening.
//   GET /bare       a tiny JSON object (the comparison the project has always printed)
//   GET /bare-same  the bytes of BARE_SAME_BODY (the api's own rates answer, captured by the bench), sent as a
//                   ready string with the api's content type: the same bytes through the same framework, so the
//                   ratio shows what the api's own code costs rather than the cost of moving a larger body
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { ok: true, pair: 'btc-eth', rate: '17.93456123', updatedAt: 0 };
app.get('/bare', async () => ({ ...body, updatedAt: Date.now() }));
const same = process.env.BARE_SAME_BODY ?? '{}';
app.get('/bare-same', async (_request, reply) => reply.type('application/json; charset=utf-8').send(same));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`http://127.0.0.1:${port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
