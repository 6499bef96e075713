import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost; the server's compression ignores them too. */
const MIN_BYTES = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each text file of the build, which the
 * server sends as they are to a browser that accepts them: compressed hardest once, here, rather
 * than lightly on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lintel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * zod's classic schemas (classic/schemas.js) reach its JSON Schema generator from every schema
 * type (each carries a `toJSONSchema` method and a processor), so a bundle cannot drop it: about
 * 5 kB gzip of every page. The web never makes JSON Schema (the server's OpenAPI does, from the
 * same contracts), so the build gives those two modules stand-ins that throw if ever called. The
 * processors' names are read from zod's own file, so a new one in a zod update is stood in for
 * too; the one helper schemas use while validating (`aggregateChecks`, behind `.minLength` and the
 * like) stays real.
 */
function zodWithoutJsonSchema(): Plugin {
  const STAND_IN = '\0zod-json-schema-stand-in:';
  const GENERATOR = /\/core\/(json-schema-processors|to-json-schema)\.js$/;
  const unavailable = `const unavailable = () => {
  throw new Error('JSON Schema is not made in the web build (vite.config.ts, zodWithoutJsonSchema)');
};`;
  return {
    name: 'lintel-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.endsWith('/zod/v4/classic/schemas.js') || !GENERATOR.test(source)) return null;
      const real = await this.resolve(source, importer, { ...options, skipSelf: true });
      return real && `${STAND_IN}${real.id}`;
    },
    async load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const real = id.slice(STAND_IN.length);
      if (real.endsWith('to-json-schema.js')) {
        return `${unavailable}
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;`;
      }
      const source = await readFile(real, 'utf8');
      const processors = [...source.matchAll(/^export const (\w+Processor) =/gm)].map((match) => match[1]);
      return `${unavailable}
export { aggregateChecks } from ${JSON.stringify(real)};
${processors.map((name) => `export const ${name} = unavailable;`).join('\n')}`;
    },
  };
}

/**
 * MUI's `createTheme` calls its CSS-variables variant (`createThemeWithVars`) only for a theme
 * made with `cssVariables: true`, but imports it either way, so every page carried it unused:
 * 3.3 kB of the entry chunk (Lighthouse's unused JavaScript). Lintel's theme (app/theme.ts) sets
 * no CSS variables; the build gives that import a stand-in that throws if it is ever called.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const STAND_IN = '\0mui-theme-with-vars-stand-in';
  return {
    name: 'lintel-mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer?.endsWith('/@mui/material/styles/createTheme.mjs');
      return fromCreateTheme && source === './createThemeWithVars.mjs' ? STAND_IN : null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return `export default function createThemeWithVars() {
  throw new Error('A theme with CSS variables is not in the web build (vite.config.ts, muiThemeWithoutCssVariables)');
}`;
    },
  };
}

/**
 * Each lazily loaded chunk (a page, the signed-in shell, a menu) also names every chunk it needs
 * indirectly, as `import './x.js'` lines after its own imports (what Rollup calls hoisting
 * transitive imports; rolldown has no such option). A browser then asks for all of a page's files
 * as soon as the page's chunk arrives, instead of discovering them a level at a time: a role's
 * home went seven round trips deep (Lighthouse's critical chains). Modules are evaluated once and
 * in the same order: the added lines only name chunks the chunk's own imports already reach.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: 'lintel-hoist-transitive-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry) continue;
        const reached = new Set<string>();
        const pending = [...chunk.imports];
        while (pending.length > 0) {
          const fileName = pending.pop()!;
          if (reached.has(fileName)) continue;
          reached.add(fileName);
          pending.push(...(chunks.get(fileName)?.imports ?? []));
        }
        for (const direct of chunk.imports) reached.delete(direct);
        if (reached.size === 0) continue;
        const from = path.posix.dirname(chunk.fileName);
        const lines = [...reached].map((fileName) => {
          const relative = path.posix.relative(from, fileName);
          return `import ${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)};`;
        });
        chunk.code = `${chunk.code.replace(/\n?$/, '\n')}${lines.join('\n')}\n`;
      }
    },
  };
}

/**
 * The pages whose downloads merging chunks may not grow: each role's home with the signed-in shell
 * (what a person opens first, and what Lighthouse scores) and the pages a signed-out visitor opens.
 */
const KEPT_PAGES = [
  'app/layout/SignedInLayout',
  'features/dashboards/pages/AdminHomePage',
  'features/dashboards/pages/AgentHomePage',
  'features/dashboards/pages/OwnerHomePage',
  'features/dashboards/pages/AccountantHomePage',
  'features/dashboards/pages/GeneralDashboardPage',
  'features/dashboards/pages/NotFoundPage',
  'features/landing/pages/LandingPage',
  'features/auth/pages/LoginPage',
  'features/auth/pages/SignupPage',
  'features/auth/pages/AdminSignupPage',
  'features/auth/pages/ForgotPasswordPage',
  'features/auth/pages/ResetPasswordPage',
  'features/mail/pages/OptOutPage',
].map((page) => `/src/${page}.tsx`);
const PLANNING = 'LINTEL_CHUNK_PLANNING';

/**
 * Rolldown gives each set of pages that share modules a chunk of its own: a role's home loaded 75
 * files, most under 2 kB, and on HTTP/1.1 (six connections) each costs a round trip. A first,
 * unwritten build finds, for each chunk, which of the kept pages load it; chunks that the same kept
 * pages load are then one chunk. A kept page loads exactly the bytes it did, in fewer files; a page
 * outside the list may load a few kB it does not use.
 */
async function planChunks(mode: string): Promise<Map<string, string>> {
  process.env[PLANNING] = '1';
  let result;
  try {
    result = await build({ mode, logLevel: 'silent', build: { write: false } });
  } finally {
    delete process.env[PLANNING];
  }
  const chunks = new Map(
    [result]
      .flat()
      .flatMap((output) => ('output' in output ? output.output : []))
      .flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
  );
  const reached = (root: string) => {
    const seen = new Set<string>();
    const pending = [root];
    while (pending.length > 0) {
      const fileName = pending.pop()!;
      if (seen.has(fileName)) continue;
      seen.add(fileName);
      pending.push(...(chunks.get(fileName)?.imports ?? []));
    }
    return seen;
  };
  const loadedBy = new Map<string, number[]>();
  for (const chunk of chunks.values()) {
    const page = KEPT_PAGES.findIndex((kept) => chunk.facadeModuleId?.endsWith(kept));
    if (!chunk.isDynamicEntry || page < 0) continue;
    for (const fileName of reached(chunk.fileName)) {
      if (fileName !== chunk.fileName) loadedBy.set(fileName, [...(loadedBy.get(fileName) ?? []), page]);
    }
  }
  const plan = new Map<string, string>();
  for (const [fileName, pages] of loadedBy) {
    const chunk = chunks.get(fileName)!;
    if (chunk.isEntry || chunk.isDynamicEntry) continue;
    // Named by the kept pages' places in KEPT_PAGES: one name per set of pages, so one chunk.
    const name = `shared-${pages.sort((a, b) => a - b).join('-')}`;
    for (const id of chunk.moduleIds) plan.set(id, name);
  }
  return plan;
}

export default defineConfig(async ({ command, mode }): Promise<ViteUserConfig> => {
  const planning = process.env[PLANNING] === '1';
  const plan = command === 'build' && !planning ? await planChunks(mode) : new Map<string, string>();
  return {
    plugins: [
      zodWithoutJsonSchema(),
      muiThemeWithoutCssVariables(),
      react(),
      ...(planning ? [] : [hoistTransitiveImports(), precompress()]),
    ],
    server: { port: 5173 },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What index.html loads is one file, not the eight rolldown split it into because lazy
            // chunks share pieces of it: 7 fewer requests and about 6 kB less gzip on every route.
            groups: [
              { name: 'initial', tags: ['$initial'] },
              // The plan names each module's merged chunk; its dependencies keep their own plan.
              { name: (id: string) => plan.get(id) ?? null, includeDependenciesRecursively: false },
            ],
          },
        },
      },
      modulePreload: {
        // The page's own chunks are preloaded from index.html as usual; a lazy page's are not. Vite
        // would add a <link rel=modulepreload> per chunk a lazy import needs (80 on a home), and on a
        // phone those insertions were one ~350 ms main-thread task (Lighthouse, 4× CPU). The browser
        // fetches a chunk's imports itself once the chunk arrives.
        resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
      },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', '../contracts/src/**/*.test.ts', '../eslint-rules/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      // Worker threads start faster than the default child processes: about a quarter off the run.
      pool: 'threads',
      // Vitest's default is one worker on two cores; two take about a quarter off again (166 → 122 s).
      maxWorkers: 2,
      // Form tests type key by key through user-event: on a busy 2-core machine one can pass 5 s.
      testTimeout: 20_000,
    },
  };
});
