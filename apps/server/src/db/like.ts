/** A LIKE pattern matching `term` anywhere, its wildcards taken literally, lower-cased. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
