/**
 * Seeded randomness. Every draw the simulator makes comes from here, never from Math.random, so
 * a seed and the times asked for decide every report.
 */

/** Mixes any parts (seeds, labels, indices) into one 32-bit seed (FNV-1a, then murmur3's finaliser). */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${typeof part}:${part};`;
    for (let index = 0; index < text.length; index += 1) {
      hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
    }
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * A uniform number in [0, 1) that depends only on its parts. Schedules (reboots, offline spells,
 * who is home) use it so they come out the same whatever times a gateway is asked about.
 */
export function unitHash(...parts: readonly (string | number)[]): number {
  return hashSeed(...parts) / 0x1_0000_0000;
}

/** mulberry32: small, fast and good enough for simulation; same seed, same sequence everywhere. */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Gaussian by Box–Muller. */
  normal(mean = 0, standardDeviation = 1): number {
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + standardDeviation * radius * Math.cos(2 * Math.PI * this.next());
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick needs at least one item');
    return item;
  }

  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly { readonly weight: number; readonly value: T }[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let remaining = this.next() * total;
    for (const item of items) {
      remaining -= item.weight;
      if (remaining < 0) return item.value;
    }
    const last = items.at(-1);
    if (last === undefined) throw new RangeError('weighted needs at least one item');
    return last.value;
  }

  /**
   * An independent stream named by `label`. It derives from the seed, not from draws made so
   * far, so adding a draw to one part of the model never shifts the numbers of another.
   */
  fork(...label: readonly (string | number)[]): Random {
    return new Random(hashSeed(this.seed, ...label));
  }
}
