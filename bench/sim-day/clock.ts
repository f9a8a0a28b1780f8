/**
 * The virtual clock of the simulated day: a binary heap of timed events. Ties go to the event
 * scheduled first, so a run depends on nothing but its inputs (same seed, same day).
 */

export interface Timed<T> {
  at: number;
  seq: number;
  event: T;
}

export class EventQueue<T> {
  private readonly heap: Timed<T>[] = [];
  private seq = 0;
  /** Epoch ms of the event handled last: the simulated "now". */
  now: number;

  constructor(start: number) {
    this.now = start;
  }

  get size(): number {
    return this.heap.length;
  }

  /** Schedules an event; one in the past would rewind the clock, so it is refused. */
  push(at: number, event: T): void {
    if (at < this.now) throw new Error(`event at ${at} is before now (${this.now})`);
    this.heap.push({ at, seq: this.seq++, event });
    this.up(this.heap.length - 1);
  }

  /** The next event, advancing the clock to it; undefined when none is left. */
  pop(): T | undefined {
    const top = this.heap[0];
    if (!top) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    this.now = top.at;
    return top.event;
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i]!;
    const b = this.heap[j]!;
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    [this.heap[i], this.heap[j]] = [this.heap[j]!, this.heap[i]!];
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) return;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.heap.length && this.less(l, m)) m = l;
      if (r < this.heap.length && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
