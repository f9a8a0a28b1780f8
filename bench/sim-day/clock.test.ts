import { describe, expect, it } from 'vitest';
import { EventQueue } from './clock';

describe('EventQueue (the virtual clock)', () => {
  it('hands events out in time order and moves the clock to each', () => {
    const q = new EventQueue<string>(0);
    for (const [at, name] of [
      [30, 'c'],
      [10, 'a'],
      [50, 'e'],
      [20, 'b'],
      [40, 'd'],
    ] as const) {
      q.push(at, name);
    }
    const seen: [number, string][] = [];
    for (let e = q.pop(); e; e = q.pop()) seen.push([q.now, e]);
    expect(seen).toEqual([
      [10, 'a'],
      [20, 'b'],
      [30, 'c'],
      [40, 'd'],
      [50, 'e'],
    ]);
  });

  it('keeps events at the same time in the order they were scheduled', () => {
    const q = new EventQueue<number>(0);
    for (let i = 0; i < 20; i++) q.push(5, i);
    const order: number[] = [];
    for (let e = q.pop(); e !== undefined; e = q.pop()) order.push(e);
    expect(order).toEqual([...Array(20).keys()]);
  });

  it('refuses an event before now', () => {
    const q = new EventQueue<string>(0);
    q.push(100, 'x');
    q.pop();
    expect(() => q.push(99, 'y')).toThrow(/before now/);
  });
});
