import { scanTypes } from '../../db/schema/catalog';
import {
  feedbackAnswers,
  feedbackInteractions,
  feedbackQuestions,
  orderReviews,
  publicLinks,
} from '../../db/schema/feedback';
import { lookups } from '../../db/schema/lookups';
import { orderActivities, orderScanTypes, orders } from '../../db/schema/orders';
import { riderShifts } from '../../db/schema/shifts';
import { createRider, type Fixtures } from '../orders/test-fixtures';

/**
 * The reports' fixture with known answers: blood orders on two past Karachi days (D1, D2) in two
 * regions (A: f.bloodRegion, B: f.otherBloodRegion), plus an X-ray order none of the blood
 * reports may count. Written straight to the tables, as the demo data is: the roll-ups must
 * follow whatever path writes an order. The expected figures are in reports.test.ts.
 */

export const D1 = '2026-03-10';
export const D2 = '2026-03-11';
/** A Karachi wall time of a day. */
export const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);
const after = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

let seq = 0;

export async function createReportFixture(f: Fixtures) {
  const db = f.t.db;
  const r1 = await createRider(f);
  const r2 = await createRider(f);
  const A = f.bloodRegion;
  const B = f.otherBloodRegion;
  const tests = Object.fromEntries(
    (await db.select().from(scanTypes)).map((s) => [s.code, { id: s.id, value: s.value }]),
  );
  const [duplicate] = await db
    .insert(lookups)
    .values({ kind: 'cancellation', text: 'Duplicate order' })
    .returning();

  const order = async (o: {
    regionId: number;
    day: string;
    state: (typeof orders.$inferInsert)['state'];
    vertical?: 'blood' | 'xray';
    created: string;
    riderId?: number;
    reached?: number;
    collected?: number;
    followUps?: number;
    discount?: number;
    givenValue?: number | null;
    offline?: boolean;
    cancellationStringId?: number;
    tests?: [string, number][];
  }) => {
    const pickup = at(o.day, '10:00');
    const [row] = await db
      .insert(orders)
      .values({
        number: `B-R${String(++seq).padStart(6, '0')}`,
        vertical: o.vertical ?? 'blood',
        state: o.state,
        pickup,
        regionId: o.regionId,
        customerId: f.customerId,
        patientId: f.patientId,
        assignedRiderId: o.riderId ?? null,
        reachedAt: o.reached === undefined ? null : after(pickup, o.reached),
        collectedAt: o.collected === undefined ? null : after(pickup, o.collected),
        totalFollowUps: o.followUps ?? 0,
        discountPercent: o.discount ?? 0,
        givenValue: o.givenValue ?? null,
        fulfillmentMethod: o.offline ? 'offline' : 'online',
        cancellationStringId: o.cancellationStringId ?? null,
        created: at(o.day, o.created),
      })
      .returning();
    for (const [code, count] of o.tests ?? []) {
      const t = tests[code]!;
      await db
        .insert(orderScanTypes)
        .values({ orderId: row!.id, scanTypeId: t.id, count, value: t.value });
    }
    return row!;
  };
  const activity = (orderId: number, verb: string, when: Date, data?: Record<string, unknown>) =>
    db.insert(orderActivities).values({ orderId, verb, created: when, data: data ?? null });

  // D1, region A: delivered on time (reached +5, collected +15), two tests at 10% off.
  const o1 = await order({
    regionId: A,
    day: D1,
    state: 'delivered',
    created: '08:00',
    riderId: r1.id,
    reached: 5,
    collected: 15,
    followUps: 2,
    discount: 10,
    givenValue: 1170,
    tests: [
      ['CBC', 1],
      ['LFT', 1],
    ],
  });
  await activity(o1.id, 'assigned', at(D1, '08:30'));
  await activity(o1.id, 'reached', at(D1, '10:05'));
  // D1, region A: delivered late (+12, +25), reassigned before reaching.
  const o2 = await order({
    regionId: A,
    day: D1,
    state: 'delivered',
    created: '09:00',
    riderId: r1.id,
    reached: 12,
    collected: 25,
    givenValue: 1000,
    tests: [['CBC', 2]],
  });
  await activity(o2.id, 'assigned', at(D1, '09:10'));
  await activity(o2.id, 'reassigned', at(D1, '09:40'));
  await activity(o2.id, 'reached', at(D1, '10:12'));
  // D1, region A: cancelled with a follow-up.
  await order({
    regionId: A,
    day: D1,
    state: 'cancelled',
    created: '08:00',
    followUps: 1,
    cancellationStringId: f.lookups.cancellation,
  });
  // D1, region B: collected, on time at both deadlines (+10, +20).
  const o4 = await order({
    regionId: B,
    day: D1,
    state: 'collected',
    created: '07:00',
    riderId: r2.id,
    reached: 10,
    collected: 20,
    givenValue: 500,
    tests: [['CBC', 1]],
  });
  await activity(o4.id, 'assigned', at(D1, '07:50'));
  // D2, region A: assigned, nobody came (due and late at both), rescheduled once before.
  const o5 = await order({
    regionId: A,
    day: D2,
    state: 'assigned',
    created: '08:00',
    riderId: r2.id,
  });
  await activity(o5.id, 'assigned', at(D2, '08:20'));
  await activity(o5.id, 'rescheduled', at(D2, '08:40'), {
    rescheduleStringId: f.lookups.reschedule,
  });
  // D2, region B: cancelled as a duplicate.
  await order({
    regionId: B,
    day: D2,
    state: 'cancelled',
    created: '08:00',
    cancellationStringId: duplicate!.id,
  });
  // D2, region A: a hospital (offline) order delivered without a stored price: 50% off 3,000.
  const o7 = await order({
    regionId: A,
    day: D2,
    state: 'delivered',
    created: '08:00',
    offline: true,
    discount: 50,
    tests: [['COVID', 1]],
  });
  // An X-ray order on D1: in no blood report.
  const x = await order({
    regionId: f.xrayRegion,
    vertical: 'xray',
    day: D1,
    state: 'delivered',
    created: '08:00',
    givenValue: 1500,
    tests: [['CXR', 1]],
  });

  // Reviews: 5 and 3 stars answered on D1; the X-ray order's 1 star is the other vertical's.
  await db.insert(orderReviews).values([
    { orderId: o1.id, overallStarRating: 5, isComplete: true, submittedAt: at(D1, '12:00') },
    { orderId: o2.id, overallStarRating: 3, isComplete: true, submittedAt: at(D1, '13:00') },
    { orderId: x.id, overallStarRating: 1, isComplete: true, submittedAt: at(D1, '13:00') },
  ]);
  // A physical-visit survey of o7 answered on D2: one star question (4), one text answer.
  const [star, text] = await db
    .insert(feedbackQuestions)
    .values([
      { form: 'physicalVisit', text: 'How was the visit?', type: 'STAR_RATING' },
      { form: 'physicalVisit', text: 'Anything else?', type: 'LONG_FORM_TEXT' },
    ])
    .returning();
  await db.insert(publicLinks).values({ id: 'report-fixture-link', kind: 'physicalVisit' });
  const [interaction] = await db
    .insert(feedbackInteractions)
    .values({
      linkId: 'report-fixture-link',
      form: 'physicalVisit',
      orderId: o7.id,
      isComplete: true,
      submittedAt: at(D2, '15:00'),
    })
    .returning();
  await db.insert(feedbackAnswers).values([
    { interactionId: interaction!.id, questionId: star!.id, answer: '4' },
    { interactionId: interaction!.id, questionId: text!.id, answer: '=SUM(A1)' },
  ]);

  // Rider 1's shifts: present on D1 (12.345 km), missed on D2.
  await db.insert(riderShifts).values([
    {
      riderId: r1.id,
      regionId: A,
      startDatetime: at(D1, '09:00'),
      endDatetime: at(D1, '17:00'),
      state: 'completed',
      isPresent: true,
      distanceTravelledMetres: 12_345,
    },
    {
      riderId: r1.id,
      regionId: A,
      startDatetime: at(D2, '09:00'),
      endDatetime: at(D2, '17:00'),
      state: 'missed',
      isPresent: false,
    },
  ]);
  return { r1, r2, o4, o5, A, B };
}
