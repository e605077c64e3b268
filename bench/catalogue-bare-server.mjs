// Helper of catalogue.bench.mjs: a bare Fastify server (no plugins, no hooks, no logger)
// answering each benchmarked request with the bytes the real server gave for it, from
// memory, with the same headers that describe them (type, encoding, cache-control, ETag),
// and a 304 for a matching If-None-Match. It is the yardstick for the catalogue routes.
//
//   ROUTES_FILE=routes.json node bench/catalogue-bare-server.mjs   (prints the port)
//   routes.json: [{ url, acceptEncoding, bodyBase64, headers }]
import fs from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.env.ROUTES_FILE, 'utf8'));
const keyOf = (url, acceptEncoding) => `${url}\n${acceptEncoding ?? ''}`;
const answers = new Map(
  routes.map((route) => [
    keyOf(route.url, route.acceptEncoding),
    { body: Buffer.from(route.bodyBase64, 'base64'), headers: route.headers },
  ]),
);
const app = Fastify({ logger: false });
for (const pathname of new Set(routes.map((route) => route.url.split('?')[0]))) {
  app.get(pathname, (request, reply) => {
    const answer = answers.get(keyOf(request.url, request.headers['accept-encoding']));
    if (!answer) return reply.status(404).send();
    void reply.headers(answer.headers);
    const etag = answer.headers.etag;
    if (etag !== undefined && request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(answer.body);
  });
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(new URL(address).port);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
