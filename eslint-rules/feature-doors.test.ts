import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureDoors } from './feature-doors.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const linter = new Linter({ cwd: repo });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { lintel: { rules: { 'feature-doors': featureDoors } } },
    rules: { 'lintel/feature-doors': 'error' },
  },
];

/** The rule's complaints about `code` written in `file` (a path inside the repo). */
const doorErrors = (file: string, code: string) =>
  linter.verify(code, config, { filename: path.join(repo, file) }).map((message) => message.message);

describe('feature doors', () => {
  it.each([
    [
      'web/src/features/tasks/components/TaskDue.tsx',
      "import { formatDay } from '../../leases/lease-labels.ts';",
    ],
    [
      'web/src/features/tasks/pages/TasksPage.test.tsx',
      "import { makePayment } from '../../payments/test/payment-fixtures.ts';",
    ],
    [
      'web/src/app/layout/AppShell.tsx',
      "import { NotificationsMenu } from '../../features/notifications/NotificationsMenu.tsx';",
    ],
    ['web/src/app/router.tsx', "import { LeasesPage } from '../features/leases/pages/LeasesPage.tsx';"],
    ['web/src/features/reports/api.ts', "export { useLeaseList } from '../leases/api.ts';"],
    ['web/src/features/reports/api.ts', "export * from '../leases/api.ts';"],
    ['web/src/features/reports/api.ts', "const labels = import('../leases/lease-labels.ts');"],
    ['server/src/features/tasks/service.ts', "import * as users from '../users/repo.ts';"],
    ['server/src/app.ts', "import { taskRoutes } from './features/tasks/routes.ts';"],
  ])('refuses, in %s: %s', (file, code) => {
    expect(doorErrors(file, code)).toEqual([
      expect.stringMatching(/^Import features\/\w[\w-]* through its door/),
    ]);
  });

  it('names the feature and its door', () => {
    expect(doorErrors('web/src/features/tasks/api.ts', "import { x } from '../leases/api.ts';")).toEqual([
      "Import features/leases through its door, features/leases/index.ts, not '../leases/api.ts'.",
    ]);
  });

  it.each([
    [
      'web/src/features/tasks/components/TaskDue.tsx',
      "import { EndingLeasesCard } from '../../leases/index.ts';",
    ],
    ['web/src/features/tasks/components/TaskDue.tsx', "import type { X } from '../../leases/index.ts';"],
    ['web/src/features/tasks/components/TaskDue.tsx', "import { useTasks } from '../api.ts';"],
    [
      'web/src/features/tasks/pages/TasksPage.test.tsx',
      "import { makeTask } from '../test/task-fixtures.ts';",
    ],
    ['web/src/features/tasks/components/TaskDue.tsx', "import { formatDay } from '../../../lib/format.ts';"],
    ['web/src/features/tasks/components/TaskDue.tsx', "import { formatMoney } from '@lintel/contracts';"],
    ['web/src/app/router.tsx', "const LeasesPage = () => import('../features/leases/pages/LeasesPage.tsx');"],
    [
      'web/src/app/layout/AppShell.tsx',
      "export { NotificationsMenu } from '../../features/notifications/index.ts';",
    ],
    ['server/src/features/tasks/service.ts', "import { assertActiveMember } from '../users/index.ts';"],
    ['server/src/app.ts', "import { taskRoutes } from './features/tasks/index.ts';"],
  ])('allows, in %s: %s', (file, code) => {
    expect(doorErrors(file, code)).toEqual([]);
  });

  it('is on in the repo for the web and the server', async () => {
    const eslint = new ESLint({ cwd: repo });
    for (const file of [
      'web/src/features/tasks/api.ts',
      'web/src/app/router.tsx',
      'server/src/features/tasks/service.ts',
    ]) {
      const { rules } = (await eslint.calculateConfigForFile(path.join(repo, file))) as Linter.Config;
      expect(rules?.['lintel/feature-doors'], file).toEqual([2]);
    }
  });
});
