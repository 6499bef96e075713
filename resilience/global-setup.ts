import { existsSync } from 'node:fs';
import path from 'node:path';

/** The suite drives the built server; `npm test` builds it in its browser step, just before. */
export default function requireBuiltServer() {
  const main = path.resolve(import.meta.dirname, '..', 'server', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build -w server\` first.`);
}
