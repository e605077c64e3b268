// A TCP relay between a server and PostgreSQL that counts what the server sends, from the
// frontend messages of the wire protocol: a statement is a simple Query ('Q') or an
// Execute ('E') of the extended protocol; a round trip is a Query or a Sync ('S'), after
// which the client waits for ReadyForQuery. node-postgres sends Parse/Bind/Describe/
// Execute/Sync for a query with parameters and Query for one without (BEGIN, COMMIT).
// Exact whatever the driver or the query builder does; used by the benchmarks for
// "statements per round" (its extra hop is why it is not in the timed runs).
import net from 'node:net';

/** Starts the relay to `target` (a postgres:// URL); answers its URL for the same database and the counters. */
export async function startWireCounter(target) {
  const upstream = new URL(target);
  const counts = { statements: 0, roundTrips: 0, transactions: 0 };
  const sockets = new Set();

  /** Counts the client's messages; the first one of a connection (startup, SSL request) has no type byte. */
  function countClientStream(socket) {
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          // SSLRequest / GSSENCRequest come before the startup message; the relay is plain TCP.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        if (type === 'Q') {
          counts.statements += 1;
          counts.roundTrips += 1;
          const text = buffer.subarray(5, length).toString('utf8').trim().toLowerCase();
          if (text.startsWith('begin')) counts.transactions += 1;
        } else if (type === 'E') {
          counts.statements += 1;
        } else if (type === 'S') {
          counts.roundTrips += 1;
        }
        buffer = buffer.subarray(length + 1);
      }
    });
  }

  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    client.setNoDelay(true);
    db.setNoDelay(true);
    countClientStream(client);
    client.pipe(db);
    db.pipe(client);
    const close = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on('error', close).on('close', close);
    db.on('error', close).on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    /** A copy of the counters now (subtract two to count a phase). */
    snapshot: () => ({ ...counts }),
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
