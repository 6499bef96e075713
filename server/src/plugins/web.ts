import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@lintel/contracts';

/** Vite's output folder for the hashed files: a file's name changes whenever its content does. */
const ASSETS_PREFIX = '/assets/';
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but asked about again before each use. */
const CACHE_REVALIDATE = 'no-cache';

/**
 * Serves the built web app, and index.html for its client-side routes. The build leaves a `.br`
 * and a `.gz` beside each text file; they are sent as they are to a browser that accepts them.
 */
export async function webPlugin(app: FastifyInstance, options: { root: string }) {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  const assetsFolder = path.join(options.root, 'assets') + path.sep;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assetsFolder) ? CACHE_FOREVER : CACHE_REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api') &&
      // A missing hashed file is an old build's: the app's page in its place would be cached forever as script.
      !req.url.startsWith(ASSETS_PREFIX);
    if (wantsPage && hasBuild) return reply.type('text/html').sendFile('index.html');
    const body: ErrorBody = {
      status: 'error',
      message: `No route for ${req.method} ${req.url}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
