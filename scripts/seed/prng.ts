/**
 * Deterministic pseudo-random numbers for the national seed.
 *
 * Every entity draws from its own small generator seeded by hashing (seed, stream, index…), so a
 * row's content depends only on the seed and its position — not on generation order — and any
 * table can be regenerated on its own (the conference_company stream recomputes the invitations
 * the conference_member stream produced).
 */

/** 32-bit mix of a 32-bit value (murmur3 fmix32). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of several 32-bit integers (order-sensitive). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) h = fmix32((h ^ fmix32(p >>> 0)) + 0x6d2b79f5 + (h << 6) + (h >>> 2));
  return h;
}

/** Stable 32-bit id of a stream name (FNV-1a). */
export function streamId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for test data. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  static of(...parts: number[]): Rng {
    return new Rng(hash32(...parts));
  }
  /** uint32 */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** [0, 1) */
  float(): number {
    return this.next() / 4294967296;
  }
  /** integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }
  /** integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  /** index drawn with the given (not necessarily normalised) weights */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  }
}

/** Cumulative-weight picker for a fixed list (faster than Rng.weighted in hot loops). */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;
  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(items.length);
    let t = 0;
    items.forEach((_, i) => (this.cumulative[i] = t += weights[i] ?? 1));
    this.total = t;
  }
  pick(rng: Rng): T {
    const r = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}
