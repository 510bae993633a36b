import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import cycles among a tree's TypeScript files, `import type` included. ESLint's
 * `import-x/no-cycle` skips type-only imports by design (they vanish at run time), yet a cycle
 * of types still ties two modules together: neither can move or be read without the other,
 * which is what the rule is there to prevent (the collector's `lan-hosts.ts` and
 * `telemetry.repository.ts` were such a pair). `scripts/import-cycles.test.ts` runs this over
 * the repository.
 */

const sourceExtensions = ['.ts', '.tsx', '.mts'];
const skippedFolders = new Set(['node_modules', 'dist', 'lint-fixtures', 'test-results']);

function sourceFilesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFilesUnder(full);
    return sourceExtensions.some((extension) => entry.name.endsWith(extension)) &&
      !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file a relative specifier names, as TypeScript would find it; undefined for a package. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.(m?js|jsx)$/, ''));
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => `${base}${extension}`),
    ...sourceExtensions.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Each file's relative imports (values, types and re-exports alike). */
export function importGraph(folders: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap(sourceFilesUnder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolveRelative(file, fileName) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The strongly connected groups of more than one file (Tarjan's algorithm, with its own stack
 * so a deep import chain cannot overflow the call stack), each sorted, as paths from `root`.
 */
export function importCycles(graph: Map<string, string[]>, root: string): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  for (const start of graph.keys()) {
    if (order.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    order.set(start, counter);
    lowest.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!order.has(target)) {
          order.set(target, counter);
          lowest.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          lowest.set(frame.file, Math.min(lowest.get(frame.file)!, order.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        lowest.set(parent.file, Math.min(lowest.get(parent.file)!, lowest.get(frame.file)!));
      }
      if (lowest.get(frame.file) !== order.get(frame.file)) continue;
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(path.relative(root, member));
      } while (member !== frame.file);
      if (group.length > 1) cycles.push(group.sort());
    }
  }
  return cycles;
}
