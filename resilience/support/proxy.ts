import { once } from 'node:events';
import net from 'node:net';

/**
 * How the proxy treats the server's database connections: `up` forwards; `refusing` drops every
 * open connection and refuses new ones (the database is gone); `blackhole` drops every open
 * connection and accepts new ones that never answer (a network that swallows packets).
 */
export type ProxyMode = 'up' | 'refusing' | 'blackhole';

/** A TCP proxy on 127.0.0.1 between the server and PostgreSQL: an outage without touching the cluster. */
export interface DatabaseProxy {
  port: number;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  let mode: ProxyMode = 'up';
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listener = net.createServer((client) => {
    track(client);
    // Swallowed: neither connected onwards nor closed.
    if (mode === 'blackhole') return;
    const upstream = net.connect(target);
    track(upstream);
    client.pipe(upstream).on('close', () => client.destroy());
    upstream.pipe(client).on('close', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const { port } = listener.address() as net.AddressInfo;

  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    async setMode(next) {
      // Leaving the black hole, what it swallowed goes too, as a real network's timeouts would.
      if (next !== 'up' || mode === 'blackhole') dropAll();
      mode = next;
      if (next === 'refusing' && listener.listening) {
        listener.close();
        await once(listener, 'close');
      }
      if (next !== 'refusing' && !listener.listening) {
        listener.listen(port, '127.0.0.1');
        await once(listener, 'listening');
      }
    },
    async close() {
      dropAll();
      if (listener.listening) {
        listener.close();
        await once(listener, 'close');
      }
    },
  };
}
