// Bundles the server for production (Node 20 cannot run TypeScript): our workspace code, including
// @lintel/contracts, goes into dist/main.js; npm packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@lintel/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
