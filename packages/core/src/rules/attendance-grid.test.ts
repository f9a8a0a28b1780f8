import { describe, expect, test } from 'vitest';
import { attendanceGrid } from './attendance-grid';

const slot = (start: string, isPresent: boolean) => {
  const at = new Date(start);
  return {
    startDatetimeslot: at.toISOString(),
    endDatetimeslot: new Date(at.getTime() + 300_000).toISOString(),
    isPresent,
  };
};

describe('attendance grid (spec §9)', () => {
  test('no slots draw no grid', () => {
    expect(attendanceGrid([])).toEqual([]);
  });

  test('starts at the first slot, 12 cells an hour, ends one hour after the last slot', () => {
    const rows = attendanceGrid([
      slot('2026-01-05T07:10:00+05:00', false),
      slot('2026-01-05T07:05:00+05:00', true),
      slot('2026-01-05T07:55:00+05:00', true),
    ]);
    // 07:05 .. 08:00 (last end) + 1 h = 09:00: two hour rows from 07:05.
    expect(rows.map((r) => r.start.toISOString())).toEqual([
      '2026-01-05T02:05:00.000Z',
      '2026-01-05T03:05:00.000Z',
    ]);
    expect(rows.every((r) => r.cells.length === 12)).toBe(true);
    const flags = rows[0]!.cells.map((c) => c.isPresent);
    // 07:05 present, 07:10 absent (sent as absent), 07:15..07:50 no data -> absent, 07:55 present.
    expect(flags.map((f) => (f ? 1 : 0)).join('')).toBe('100000000010');
    expect(rows[1]!.cells.some((c) => c.isPresent)).toBe(false);
  });

  test('a first slot off the 5-minute grid starts the grid at its 5-minute mark', () => {
    const rows = attendanceGrid([slot('2026-01-05T07:07:30+05:00', true)]);
    expect(rows[0]!.start.toISOString()).toBe('2026-01-05T02:05:00.000Z');
    expect(rows[0]!.cells[0]!.isPresent).toBe(true);
  });

  test("with the shift and now: every slot of the shift drawn, the future 'not yet'", () => {
    const span = {
      startDatetime: '2026-01-05T07:00:00+05:00',
      endDatetime: '2026-01-05T10:00:00+05:00',
    };
    // A rider who came at 07:10 and is online up to now, 08:02.
    const slots = ['07:10', '07:15', '07:20', '07:25', '07:30', '07:35', '07:40'].map((t) =>
      slot(`2026-01-05T${t}:00+05:00`, true),
    );
    slots.push(slot('2026-01-05T08:00:00+05:00', true));
    const rows = attendanceGrid(slots, { span, now: '2026-01-05T08:02:00+05:00' });
    // From the shift's start (before the first slot) to its end (after last slot + 1 h).
    expect(rows.map((r) => r.start.toISOString())).toEqual([
      '2026-01-05T02:00:00.000Z',
      '2026-01-05T03:00:00.000Z',
      '2026-01-05T04:00:00.000Z',
    ]);
    const mark = { online: '1', offline: '0', 'not-yet': '-' } as const;
    const states = rows.map((r) => r.cells.map((c) => mark[c.state]).join(''));
    // 07:00-07:05 offline (no ping), 07:10-07:40 online, 07:45-07:55 offline, 08:00 online (the
    // running slot), the rest not yet.
    expect(states).toEqual(['001111111000', `1${'-'.repeat(11)}`, '-'.repeat(12)]);
    expect(rows.every((r) => r.cells.every((c) => c.inShift))).toBe(true);
    // Without `now` nothing is 'not yet' (a finished shift).
    const done = attendanceGrid(slots, { span });
    expect(done[2]!.cells.every((c) => c.state === 'offline')).toBe(true);
  });
});
