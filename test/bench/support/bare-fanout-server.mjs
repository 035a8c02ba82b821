// The floor of the fan-out and memory benchmarks: Node's HTTP server and Socket.IO (the same versions the
// console runs), with the Redis adapter when REDIS_URL is set, and nothing else: no auth, no database, no
// rooms per user. Every socket joins one room; POST /emit {event, payload} broadcasts to it (across both
// processes through Redis) and answers 204 at once, as the console's PATCH answers before its event goes out.
//   PORT=… REDIS_URL=… CHANNEL=… node test/bench/support/bare-fanout-server.mjs
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const http = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/emit') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { event, payload } = JSON.parse(Buffer.concat(chunks).toString());
      res.writeHead(204).end();
      io.to('all').emit(event, payload);
    });
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404).end();
});
const io = new Server(http, { serveClient: false });
if (process.env.REDIS_URL) {
  const pub = createClient({ url: process.env.REDIS_URL });
  const sub = pub.duplicate();
  pub.on('error', (e) => console.error('redis', e.message));
  sub.on('error', (e) => console.error('redis', e.message));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: process.env.CHANNEL ?? 'bench-floor' }));
}
io.on('connection', (socket) => socket.join('all'));
http.listen(port, '127.0.0.1', () => console.log(`bare fan-out server ready on ${http.address().port}`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => io.close(() => process.exit(0)));
