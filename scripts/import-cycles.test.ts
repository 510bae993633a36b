import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(repositoryRoot, 'scripts/lint-fixtures');

describe(importCycles.name, () => {
  it('should find a cycle closed by type-only imports, which the lint rule lets pass', () => {
    const graph = importGraph([fixtures]);
    expect(importCycles(graph, fixtures)).toEqual(
      expect.arrayContaining([
        ['cycle-type-only-back.ts', 'cycle-type-only.ts'],
        ['cycle-value-back.tsx', 'cycle-value.ts'],
      ]),
    );
  });

  it('should find no cycle in the repository, types included', () => {
    const folders = ['apps/server', 'apps/web/src', 'packages', 'e2e', 'bench', 'scripts'];
    const graph = importGraph(folders.map((folder) => path.join(repositoryRoot, folder)));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph, repositoryRoot)).toEqual([]);
  });
});
