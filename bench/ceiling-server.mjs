// The ceiling: a bare Fastify process answering a fixed JSON body from memory, the same body
// GET /api/products gives. Whatever the shop adds (routing, auth, database) shows against it.
// Usage: node bench/ceiling-server.mjs <port> <body.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/products', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
