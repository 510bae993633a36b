/**
 * A seeded pseudo-random source (mulberry32), so the generator stores the same rows and the
 * benchmark asks the same questions on every run and every engine: figures from two runs differ
 * by the machine, never by the data.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  integer(max: number): number;
  /** An integer in [min, max], both included. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `length` lower-case hexadecimal digits. */
  hex(length: number): string;
  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (max: number): number => Math.floor(next() * max);
  return {
    next,
    integer,
    between: (min, max) => min + integer(max - min + 1),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('cannot pick from an empty list');
      return items[integer(items.length)] as T;
    },
    hex(length) {
      let digits = '';
      while (digits.length < length) digits += integer(16).toString(16);
      return digits;
    },
    shuffle<T>(items: T[]): T[] {
      for (let index = items.length - 1; index > 0; index--) {
        const other = integer(index + 1);
        [items[index], items[other]] = [items[other] as T, items[index] as T];
      }
      return items;
    },
  };
}
