import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The app's own web framework at its fastest on this machine: a bare Fastify process (same Node,
 * no hooks, no database) that answers every GET with the bytes it is given. Beside an endpoint it
 * shows how much of the endpoint's time is HTTP itself.
 */
const FLOOR_SERVER = `
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
const body = readFileSync(process.env.FLOOR_BODY);
const app = Fastify();
app.get('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening ' + app.server.address().port + '\\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

export interface HttpFloor {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startHttpFloor(body: string): Promise<HttpFloor> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lintel-floor-'));
  const bodyFile = path.join(folder, 'body.json');
  await writeFile(bodyFile, body);
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR_SERVER], {
    // Run from the repo root so `fastify` resolves to the app's own copy.
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, FLOOR_BODY: bodyFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    const port = /listening (\d+)/.exec(chunk.toString())?.[1];
    if (!port) throw new Error(`the floor server did not start: ${chunk.toString()}`);
    return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
