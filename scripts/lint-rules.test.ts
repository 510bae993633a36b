import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(repositoryRoot, 'scripts/lint-fixtures');

/** The repository's own lint configuration over fixture files the normal run ignores. */
async function cycleMessages(...files: string[]): Promise<Record<string, string[]>> {
  const eslint = new ESLint({
    cwd: repositoryRoot,
    overrideConfigFile: path.join(repositoryRoot, 'eslint.config.js'),
    ignore: false,
  });
  const results = await eslint.lintFiles(files.map((file) => path.join(fixtures, file)));
  return Object.fromEntries(
    results.map((result) => [
      path.basename(result.filePath),
      result.messages
        .filter((message) => message.ruleId === 'import-x/no-cycle' || message.fatal)
        .map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`),
    ]),
  );
}

describe('import-x/no-cycle', () => {
  it('should report two TypeScript files (.ts and .tsx) that import each other, imported without extension', async () => {
    const messages = await cycleMessages('cycle-value.ts', 'cycle-value-back.tsx');
    expect(messages).toEqual({
      'cycle-value.ts': ['import-x/no-cycle: Dependency cycle detected'],
      'cycle-value-back.tsx': ['import-x/no-cycle: Dependency cycle detected'],
    });
  });

  // import-x skips `import type` by design (erased at runtime) and has no option to count it:
  // decision 012. Should it change, this says so.
  it('should not report a cycle closed only by type imports', async () => {
    const messages = await cycleMessages('cycle-type-only.ts', 'cycle-type-only-back.ts');
    expect(messages).toEqual({ 'cycle-type-only.ts': [], 'cycle-type-only-back.ts': [] });
  });
});
