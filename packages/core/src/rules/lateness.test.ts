import { describe, expect, it } from 'vitest';
import {
  delayedByMinutes,
  isLate,
  lateOrdersWindow,
  onTimeDeadline,
  onTimeOutcome,
  onTimePercentage,
} from './lateness';

const model = { onTimeGraceMinutes: 10, pickupServiceMinutes: 10 };
const pickup = new Date('2026-03-02T10:00:00+05:00');
const at = (min: number) => new Date(pickup.getTime() + min * 60_000);
const order = {
  state: 'assigned' as const,
  fulfillmentMethod: 'online' as const,
  pickup,
  reachedAt: null,
  collectedAt: null,
};

describe('lateness', () => {
  it('is late once slot start + grace has passed with nobody at the door', () => {
    expect(onTimeDeadline(pickup, 'reached', model)).toBe(at(10).getTime());
    expect(onTimeDeadline(pickup, 'collected', model)).toBe(at(20).getTime());
    expect(isLate(order, at(10), model)).toBe(false);
    expect(isLate(order, at(11), model)).toBe(true);
    expect(isLate({ ...order, reachedAt: at(5) }, at(30), model)).toBe(false);
    expect(isLate({ ...order, state: 'cancelled' }, at(30), model)).toBe(false);
    expect(isLate({ ...order, fulfillmentMethod: 'offline' }, at(30), model)).toBe(false);
    // Delayed by counts from slot start, like the order detail.
    expect(delayedByMinutes(pickup, at(25.5))).toBe(25);
  });

  it('counts an order on time, off time or not yet due', () => {
    expect(onTimeOutcome({ ...order, reachedAt: at(10) }, 'reached', at(60), model)).toBe('on');
    expect(onTimeOutcome({ ...order, reachedAt: at(11) }, 'reached', at(60), model)).toBe('off');
    expect(onTimeOutcome(order, 'reached', at(5), model)).toBeNull();
    expect(onTimeOutcome(order, 'reached', at(15), model)).toBe('off');
    expect(onTimeOutcome(order, 'collected', at(15), model)).toBeNull();
    expect(onTimeOutcome({ ...order, collectedAt: at(20) }, 'collected', at(60), model)).toBe('on');
    // A collection stamped without a reach still proves the door was reached then.
    expect(onTimeOutcome({ ...order, collectedAt: at(12) }, 'reached', at(60), model)).toBe('off');
    expect(onTimeOutcome({ ...order, state: 'unverified' }, 'reached', at(60), model)).toBeNull();
  });

  it('rounds the share to 2 decimals, 0 when nothing is due', () => {
    expect(onTimePercentage(3, 7)).toBe(42.86);
    expect(onTimePercentage(0, 0)).toBe(0);
    expect(onTimePercentage(5, 5)).toBe(100);
  });
});

describe('lateOrdersWindow', () => {
  it('is today, and from the day before during the first hours after Karachi midnight', () => {
    expect(lateOrdersWindow(new Date('2026-11-28T15:00:00+05:00'))).toEqual({
      pickupFrom: '2026-11-28T00:00:00+05:00',
      pickupTo: '2026-11-28T23:59:59.999+05:00',
    });
    expect(lateOrdersWindow(new Date('2026-11-29T00:20:00+05:00'))).toEqual({
      pickupFrom: '2026-11-28T00:00:00+05:00',
      pickupTo: '2026-11-29T23:59:59.999+05:00',
    });
    expect(lateOrdersWindow(new Date('2026-11-29T06:00:00+05:00')).pickupFrom).toBe(
      '2026-11-29T00:00:00+05:00',
    );
  });
});
