import { describe, expect, it } from 'vitest';
import { REPORT_RANGE_MAX_DAYS } from '../constants';
import { REPORT_PRESETS, reportQuerySchema } from '../entities/reports';
import { addDays, reportPresetRange, reportRangeDays } from './report-range';

describe('report date presets', () => {
  it('ends every preset today and covers the days its name says', () => {
    const today = '2026-03-15';
    expect(reportPresetRange('today', today)).toEqual({ dateFrom: today, dateTo: today });
    expect(reportPresetRange('7d', today)).toEqual({ dateFrom: '2026-03-09', dateTo: today });
    expect(reportPresetRange('30d', today)).toEqual({ dateFrom: '2026-02-14', dateTo: today });
    expect(reportPresetRange('thisMonth', today)).toEqual({
      dateFrom: '2026-03-01',
      dateTo: today,
    });
    expect(reportRangeDays(reportPresetRange('7d', today))).toBe(7);
    expect(reportRangeDays(reportPresetRange('30d', today))).toBe(30);
  });

  it('crosses month, year and leap-day boundaries by the calendar', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-03', -6)).toBe('2025-12-28');
    expect(reportPresetRange('thisMonth', '2026-01-01')).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-01-01',
    });
  });

  it('gives only ranges the server accepts', () => {
    for (const preset of REPORT_PRESETS) {
      for (const today of ['2026-01-31', '2026-02-28', '2024-02-29', '2026-12-31']) {
        const range = reportPresetRange(preset, today);
        expect(reportRangeDays(range)).toBeLessThanOrEqual(REPORT_RANGE_MAX_DAYS);
        expect(reportQuerySchema.safeParse(range).success).toBe(true);
      }
    }
  });
});
