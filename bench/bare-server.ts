/**
 * The baseline for the /api/users/me benchmark: a bare Fastify 5 handler answering a JSON body of the
 * same shape and size, with no auth, no database, no plugins. Run as a child process by bench/run.ts.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/', async () => ({ status: 'ok' }));
app.get('/api/users/me', async () => ({
  user_id: 1,
  username: 'Bench Stores 00000000',
  email: 'md-00000000@bench.example',
  role: 'md',
  tenant_id: 1,
  tenant_name: 'Bench Stores 00000000',
}));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
