import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@lintel/contracts';

/** Serves the built web app, and index.html for its client-side routes. */
export async function webPlugin(app: FastifyInstance, options: { root: string }) {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: options.root, wildcard: false, index: 'index.html' });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api');
    if (wantsPage && hasBuild) return reply.type('text/html').sendFile('index.html');
    const body: ErrorBody = {
      status: 'error',
      message: `No route for ${req.method} ${req.url}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
