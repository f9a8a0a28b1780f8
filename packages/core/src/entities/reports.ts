import { z } from 'zod';
import { REPORT_RANGE_MAX_DAYS } from '../constants';
import { FORM_VALIDATION } from '../messages';
import { ORDER_STATES, type OrderState } from '../states';
import { apiDateSchema, idListParamSchema, idSchema, verticalSchema } from './common';

/**
 * The reporting dashboard (ADR 0040). Every report answers for one vertical, a set of regions
 * (none: every region of the vertical) and an inclusive range of Karachi days. Each report has
 * its own route so that each stays one fast query over the daily roll-ups:
 *   GET /reports/{vertical}/{report}/?regions=&date_from=&date_to=          -> its JSON below
 *   GET /reports/{vertical}/{report}/csv/?regions=&date_from=&date_to=      -> text/csv (lib/csv.ts)
 * {report} is one of REPORT_KINDS. Permission: 'Can view reports'.
 */
// One named property per state (not a record) so the OpenAPI document lists each of them.
const countPerState = z.object(
  Object.fromEntries(ORDER_STATES.map((state) => [state, z.number().int()])) as Record<
    OrderState,
    z.ZodNumber
  >,
);

export const REPORT_KINDS = [
  'orders-by-day',
  'on-time-by-day',
  'timings',
  'reasons',
  'follow-ups',
  'revenue',
  'riders',
  'satisfaction',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The page's date presets; the console turns each into date_from/date_to (Karachi days). */
export const REPORT_PRESETS = ['today', '7d', '30d', 'thisMonth'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const reportQuerySchema = z
  .object({
    regions: idListParamSchema.optional(),
    dateFrom: apiDateSchema,
    dateTo: apiDateSchema,
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom > q.dateTo) {
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: REPORT_MESSAGES_RANGE.ORDER });
      return;
    }
    const days = (Date.parse(q.dateTo) - Date.parse(q.dateFrom)) / 86_400_000 + 1;
    if (days > REPORT_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: REPORT_MESSAGES_RANGE.TOO_LONG });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const REPORT_MESSAGES_RANGE = {
  ORDER: FORM_VALIDATION.REPORT_RANGE_ORDER,
  TOO_LONG: FORM_VALIDATION.REPORT_RANGE_TOO_LONG,
};

export const reportParamsSchema = z.object({
  vertical: verticalSchema,
  report: z.enum(REPORT_KINDS),
});

const day = apiDateSchema;

/** orders-by-day: orders by pickup day and state (every state key present, 0 when none). */
export const ordersByDayReportSchema = z.array(
  z.object({
    date: day,
    total: z.number().int(),
    byState: countPerState,
  }),
);

/** on-time-by-day: the dashboards' definition (core rules/lateness.ts onTimeOutcome). */
export const onTimeByDayReportSchema = z.array(
  z.object({
    date: day,
    due: z.number().int(),
    reachedOnTime: z.number().int(),
    collectedOnTime: z.number().int(),
    reachedPercentage: z.number(),
    collectedPercentage: z.number(),
  }),
);

/** timings: medians in minutes over the range, and per day (null when no order had the step). */
export const timingsReportSchema = z.object({
  bookingToAssignmentMedianMinutes: z.number().nullable(),
  assignmentToReachedMedianMinutes: z.number().nullable(),
  byDay: z.array(
    z.object({
      date: day,
      bookingToAssignmentMedianMinutes: z.number().nullable(),
      assignmentToReachedMedianMinutes: z.number().nullable(),
    }),
  ),
});

const reasonCount = z.object({ reason: z.string(), count: z.number().int() });
/** reasons: cancellations and reschedules by the reason string chosen (free text as 'Other'). */
export const reasonsReportSchema = z.object({
  cancellations: z.array(reasonCount),
  reschedules: z.array(reasonCount),
});

/** follow-ups: follow-ups per order (orders with any / all orders, and the mean). */
export const followUpsReportSchema = z.object({
  orders: z.number().int(),
  ordersWithFollowUp: z.number().int(),
  followUps: z.number().int(),
  perOrder: z.number(),
  byDay: z.array(z.object({ date: day, orders: z.number().int(), followUps: z.number().int() })),
});

/** revenue: tests ordered and PKR after discounts, of delivered orders (integer PKR). */
export const revenueReportSchema = z.object({
  totalPkr: z.number().int(),
  tests: z.number().int(),
  byDay: z.array(
    z.object({
      date: day,
      orders: z.number().int(),
      tests: z.number().int(),
      revenuePkr: z.number().int(),
    }),
  ),
  byTest: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      count: z.number().int(),
      revenuePkr: z.number().int(),
    }),
  ),
});

/** riders: one row per rider with work in the range. attendance null where no shifts exist. */
export const ridersReportSchema = z.array(
  z.object({
    rider: z.object({ id: idSchema, name: z.string() }),
    completed: z.number().int(),
    onTimePercentage: z.number().nullable(),
    distanceKm: z.number(),
    shifts: z.number().int(),
    attendancePercentage: z.number().nullable(),
  }),
);

/** satisfaction: order reviews and surveys answered in the range (stars 1..5). */
export const satisfactionReportSchema = z.object({
  orderReviews: z.object({
    answered: z.number().int(),
    averageStars: z.number().nullable(),
    fiveShare: z.number().nullable(),
  }),
  surveys: z.object({
    answered: z.number().int(),
    averageStars: z.number().nullable(),
    fiveShare: z.number().nullable(),
  }),
  byDay: z.array(
    z.object({ date: day, answered: z.number().int(), averageStars: z.number().nullable() }),
  ),
});
