/**
 * Seeded randomness for the demo data: the same seed gives the same data (dates move with "now").
 * mulberry32 is tiny, fast and good enough for synthetic data; it is not for secrets.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Skewed towards the start of the list: a few customers order far more than most. */
  pickSkewed<T>(items: readonly T[], skew = 1.6): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() ** skew * items.length)] as T;
  }

  /** k distinct items (or all of them when k >= length). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** Approximately normal (sum of uniforms), clamped to [min, max]. */
  normal(mean: number, sd: number, min = -Infinity, max = Infinity): number {
    const z = this.next() + this.next() + this.next() + this.next() - 2;
    return Math.min(max, Math.max(min, mean + z * sd * 1.7320508));
  }

  /** A URL-safe token of `length` characters (deterministic; demo links only). */
  token(length = 32): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * 64)];
    return out;
  }

  /** An independent stream, so adding draws in one part does not shift another part's data. */
  fork(label: string): Rng {
    let h = this.state ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }
}

export const DEFAULT_DEMO_SEED = 20_240_611;
