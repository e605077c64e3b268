import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's own ESLint configuration on throwaway files inside a module folder:
// the boundary rules must turn a deep import into another module, and a cycle, into errors.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = join(root, 'apps/server/src/modules', `zz-lint-fixture-${process.pid}`);

const files: Record<string, string> = {
  'deep.ts':
    "import { createWalletRepository } from '../wallet/repository';\nexport const deep = createWalletRepository;\n",
  'public.ts': "import { createWallet } from '../wallet';\nexport const open = createWallet;\n",
  'cycle-a.ts': "import { b } from './cycle-b';\nexport const a = (): number => b() + 1;\n",
  'cycle-b.ts': "import { a } from './cycle-a';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
};

describe('server module boundaries (eslint.config.js)', () => {
  let results: ESLint.LintResult[] = [];

  beforeAll(async () => {
    mkdirSync(fixture, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(fixture, name), text);
    const eslint = new ESLint({
      cwd: root,
      cache: false,
      // Only the rules under test: the type-aware ones would only add time.
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'import-x/no-cycle',
    });
    results = await eslint.lintFiles(Object.keys(files).map((name) => join(fixture, name)));
  }, 180_000);

  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  const rulesOf = (name: string): (string | null)[] =>
    results
      .find((result) => relative(fixture, result.filePath) === name)
      ?.messages.map((message) => message.ruleId) ?? ['not linted'];

  it("refuses another module's internals (its repository) and allows its index.ts", () => {
    expect(rulesOf('deep.ts')).toEqual(['no-restricted-imports']);
    expect(rulesOf('public.ts')).toEqual([]);
  });

  it('refuses an import cycle', () => {
    expect(rulesOf('cycle-a.ts')).toContain('import-x/no-cycle');
    expect(rulesOf('cycle-b.ts')).toContain('import-x/no-cycle');
  });
});
