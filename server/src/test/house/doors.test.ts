import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve(import.meta.dirname, '../../features');

/**
 * A door line taking anything from the feature's data access: `./repo`, a `./<job>-repo` beside it
 * (banking's matching-repo.ts), or a file under a `./repo/` folder; `export *` included.
 */
const FROM_A_REPO = /from\s+['"]\.\/(?:[\w-]+-)?repo(?:\.ts|\/[^'"]*)?['"]/;

const doorsPassingRepos = () =>
  readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((feature) => FROM_A_REPO.test(readFileSync(path.join(FEATURES, feature, 'index.ts'), 'utf8')))
    .sort();

describe("a feature's index.ts exports services, never its repo", () => {
  it('knows a door line that passes a repo on from one that does not', () => {
    const passing = [
      "export { findOwner } from './repo.ts';",
      'export * from "./repo";',
      "export { type OwnerRow } from './repo/rows.ts';",
      "export { matchLines } from './matching-repo.ts';",
    ];
    const notPassing = [
      "export { findOwner } from './service.ts';",
      "export { reportRoutes } from './reports.ts';",
      "export { findOwner } from '../owners/repo.ts';",
    ];
    expect(passing.filter((line) => !FROM_A_REPO.test(line))).toEqual([]);
    expect(notPassing.filter((line) => FROM_A_REPO.test(line))).toEqual([]);
  });

  it('no door re-exports from its repo', () => {
    expect(doorsPassingRepos()).toEqual([]);
  });
});
