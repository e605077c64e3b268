import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's own ESLint configuration on throwaway files inside a feature folder and the
// shared layer: the web boundary rules must turn each kind of crossing, and a cycle, into errors.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const src = join(root, 'apps/web/src');
const name = `zz-lint-fixture-${process.pid}`;
const feature = join(src, 'features', name);
const sharedFile = join(src, 'lib', `${name}.ts`);

const files: Record<string, string> = {
  'deep.ts': "import { settingsKeys } from '../settings/api';\nexport const keys = settingsKeys;\n",
  'deep-css.ts': "import '../wallet/wallet.css';\nexport const styled = true;\n",
  'public.ts': "import { settingsKeys } from '../settings';\nexport const keys = settingsKeys;\n",
  'app.ts': "import { isChunkLoadError } from '../../app/lazy';\nexport const check = isChunkLoadError;\n",
  'cycle-a.ts': "import { b } from './cycle-b';\nexport const a = (): number => b() + 1;\n",
  'cycle-b.ts': "import { a } from './cycle-a';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
};

describe('web boundaries (eslint.config.js)', () => {
  let results: ESLint.LintResult[] = [];

  beforeAll(async () => {
    mkdirSync(feature, { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(feature, file), text);
    writeFileSync(
      sharedFile,
      "import { settingsKeys } from '../features/settings';\nexport const keys = settingsKeys;\n",
    );
    const eslint = new ESLint({
      cwd: root,
      cache: false,
      // Only the rules under test: the type-aware ones would only add time.
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'import-x/no-cycle',
    });
    results = await eslint.lintFiles([...Object.keys(files).map((file) => join(feature, file)), sharedFile]);
  }, 180_000);

  afterAll(() => {
    rmSync(feature, { recursive: true, force: true });
    rmSync(sharedFile, { force: true });
  });

  const rulesOf = (path: string): (string | null)[] =>
    results.find((result) => relative(src, result.filePath) === path)?.messages.map((message) => message.ruleId) ?? [
      'not linted',
    ];
  const inFeature = (file: string): (string | null)[] => rulesOf(join('features', name, file));

  it("refuses another feature's internals, CSS included, and allows its index.ts", () => {
    expect(inFeature('deep.ts')).toEqual(['no-restricted-imports']);
    expect(inFeature('deep-css.ts')).toEqual(['no-restricted-imports']);
    expect(inFeature('public.ts')).toEqual([]);
  });

  it('refuses app/ from a feature and a feature from the shared layer', () => {
    expect(inFeature('app.ts')).toEqual(['no-restricted-imports']);
    expect(rulesOf(join('lib', `${name}.ts`))).toEqual(['no-restricted-imports']);
  });

  it('refuses an import cycle', () => {
    expect(inFeature('cycle-a.ts')).toContain('import-x/no-cycle');
    expect(inFeature('cycle-b.ts')).toContain('import-x/no-cycle');
  });
});
