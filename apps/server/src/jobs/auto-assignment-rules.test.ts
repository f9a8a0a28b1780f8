import { describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS } from '../modules/dispatch/dispatch-config';
import { ordersToEscalate, waitingWindow } from './auto-assignment-rules';

const NOW = Date.UTC(2026, 10, 25, 9, 0);
const config = { ...DISPATCH_DEFAULTS, horizonMinutes: 120, escalateMinutesBeforePickup: 15 };
const min = (m: number) => new Date(NOW + m * 60_000);

describe('waitingWindow', () => {
  it('reaches six hours back and the horizon ahead', () => {
    expect(waitingWindow(NOW, config)).toEqual({
      from: NOW - 6 * 60 * 60_000,
      to: NOW + 120 * 60_000,
    });
  });
});

describe('ordersToEscalate', () => {
  it('takes the orders whose pickup is within the escalation lead, the boundary included', () => {
    const orders = [
      { id: 1, pickup: min(14), state: 'needsAssignment' },
      { id: 2, pickup: min(15), state: 'needsAssignment' },
      { id: 3, pickup: min(16), state: 'needsAssignment' },
      { id: 4, pickup: min(-30), state: 'scheduled' },
    ];
    expect(ordersToEscalate(orders, NOW, config, 'blood').map((o) => o.id)).toEqual([1, 2, 4]);
  });

  it('leaves orders the system may not move to problem', () => {
    const orders = [
      { id: 1, pickup: min(5), state: 'problem' },
      { id: 2, pickup: min(5), state: 'reached' },
      { id: 3, pickup: min(5), state: 'assigned' },
    ];
    expect(ordersToEscalate(orders, NOW, config, 'xray').map((o) => o.id)).toEqual([3]);
  });
});
