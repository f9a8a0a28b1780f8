import { describe, expect, it } from 'vitest';
import { reachOpensFor, TASK, type Task } from './tasks';

const pickupTask = (pickup: string): Task => ({
  id: 1,
  type: TASK.PICKUP,
  order: { id: 9, number: 'B-1', state: 'assigned', pickup, address: 'House 1' },
  deadline: null,
  collectionCenter: null,
});

describe('when a simulated rider may mark reached (ADR 0055)', () => {
  it("opens core's default lead before the slot, or the lead given", () => {
    const task = pickupTask('2026-11-25T08:00:00+05:00');
    expect(reachOpensFor(task)).toBe(Date.parse('2026-11-25T07:00:00+05:00'));
    expect(reachOpensFor(task, 15)).toBe(Date.parse('2026-11-25T07:45:00+05:00'));
  });

  it('never holds a rider back on a task without a readable pickup', () => {
    expect(reachOpensFor({ ...pickupTask('not a date') })).toBe(0);
    expect(reachOpensFor({ ...pickupTask(''), order: null })).toBe(0);
  });
});
