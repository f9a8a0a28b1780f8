import { describe, expect, test } from 'vitest';
import {
  countedSlots,
  isShiftSlot,
  onlinePercent,
  onlineTally,
  riderShiftOnlinePercent,
  shiftSlotCount,
  slotState,
} from './online-slots';

const MIN = 60_000;
const at = (hhmm: string) => new Date(`2026-01-05T${hhmm}:00+05:00`).getTime();
/** 08:00 to 16:00: 96 slots. */
const shift = { startDatetime: new Date(at('08:00')), endDatetime: new Date(at('16:00')) };
/** Every slot start from `from` up to (not including) `to`. */
const slotsBetween = (from: number, to: number) => {
  const out: number[] = [];
  for (let t = from; t < to; t += 5 * MIN) out.push(t);
  return out;
};

describe('online % over the slots so far', () => {
  test('a rider online all along reads 100 % halfway, not 45 %', () => {
    const now = at('12:02');
    const online = slotsBetween(at('08:00'), now);
    const tally = onlineTally(shift, online, now);
    expect(tally).toEqual({ online: 49, counted: 49, toCome: 47, percent: 100 });
    // The server's figure from its roll-up (49 slots, the running one the newest written) agrees.
    expect(
      riderShiftOnlinePercent(
        { ...shift, onlineSlots: 49, lastSlotStart: new Date(at('12:00')) },
        now,
      ),
    ).toBe(100);
  });

  test('the running slot counts only once the rider is online in it', () => {
    const now = at('12:02');
    const online = slotsBetween(at('08:00'), at('12:00'));
    expect(onlineTally(shift, online, now)).toEqual({
      online: 48,
      counted: 48,
      toCome: 48,
      percent: 100,
    });
    expect(
      riderShiftOnlinePercent(
        { ...shift, onlineSlots: 48, lastSlotStart: new Date(at('11:55')) },
        now,
      ),
    ).toBe(100);
    // Offline for the last half hour: the six slots over count as offline.
    const gap = slotsBetween(at('08:00'), at('11:30'));
    expect(onlineTally(shift, gap, now).percent).toBe(Math.round((42 / 48) * 10_000) / 100);
  });

  test('a finished shift counts all of its slots; pings outside it never count', () => {
    const online = [...slotsBetween(at('07:45'), at('10:00')), at('16:00'), at('16:05')];
    const tally = onlineTally(shift, online, at('18:00'));
    expect(tally).toEqual({ online: 24, counted: 96, toCome: 0, percent: 25 });
    expect(
      riderShiftOnlinePercent(
        { ...shift, onlineSlots: 24, lastSlotStart: new Date(at('09:55')) },
        at('18:00'),
      ),
    ).toBe(25);
  });

  test('before the start, or in a first slot not yet online, nothing counts: null (N/A)', () => {
    expect(onlineTally(shift, [at('07:50')], at('07:55'))).toEqual({
      online: 0,
      counted: 0,
      toCome: 96,
      percent: null,
    });
    expect(
      riderShiftOnlinePercent({ ...shift, onlineSlots: 0, lastSlotStart: null }, at('08:03')),
    ).toBeNull();
    expect(onlinePercent(0, 0)).toBeNull();
    expect(onlinePercent(1, 3)).toBe(33.33);
    expect(onlinePercent(5, 3)).toBe(100);
  });

  test('a start and end off the 5-minute grid: the slot holding the start, a last slot cut short', () => {
    const odd = { startDatetime: new Date(at('08:03')), endDatetime: new Date(at('08:12')) };
    expect(shiftSlotCount(odd)).toBe(3);
    expect(isShiftSlot(at('08:00'), odd)).toBe(true);
    expect(isShiftSlot(at('08:10'), odd)).toBe(true);
    expect(isShiftSlot(at('08:15'), odd)).toBe(false);
    // The 08:10 slot is over at 08:12, the shift's end.
    expect(countedSlots(odd, at('08:11'), false)).toBe(2);
    expect(countedSlots(odd, at('08:12'), false)).toBe(3);
    expect(slotState(at('08:10'), false, odd, at('08:12'))).toBe('offline');
    expect(slotState(at('08:10'), false, odd, at('08:11'))).toBe('not-yet');
  });

  test('a shift to midnight (24:00) counts up to the next day 00:00', () => {
    const late = {
      startDatetime: new Date(at('22:00')),
      endDatetime: new Date(`2026-01-06T00:00:00+05:00`),
    };
    expect(shiftSlotCount(late)).toBe(24);
    expect(isShiftSlot(at('23:55'), late)).toBe(true);
    expect(countedSlots(late, at('23:00'), false)).toBe(12);
    expect(countedSlots(late, new Date('2026-01-06T00:00:00+05:00'), false)).toBe(24);
  });

  test('each slot is online, offline once over, or not yet', () => {
    const now = at('12:02');
    expect(slotState(at('09:00'), true, shift, now)).toBe('online');
    expect(slotState(at('09:00'), false, shift, now)).toBe('offline');
    expect(slotState(at('11:55'), false, shift, now)).toBe('offline');
    expect(slotState(at('12:00'), false, shift, now)).toBe('not-yet');
    expect(slotState(at('12:00'), true, shift, now)).toBe('online');
    expect(slotState(at('15:55'), false, shift, now)).toBe('not-yet');
  });
});
