import { createHash } from 'node:crypto';
import type { CustomerSurvey, SurveySend } from '@dastak/core/entities/feedback';
import { ORDER_MESSAGES } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { OrderState } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import { type ActorContext, requireStaff } from '../../lib/actor';
import { conflict, invalid, notFound } from '../../lib/domain-errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  saveIdempotentResponse,
} from '../../lib/idempotency.repository';
import {
  answersOf,
  createCustomerLink,
  findCustomer,
  insertInteraction,
  linkResentRow,
  linkSentRow,
  orderForLink,
  serializeLinks,
  surveysOfCustomer,
  textLinkAgain,
} from '../customer-links/public';
import { insertActivities } from '../order-activities/public';

type SurveyRow = Awaited<ReturnType<typeof surveysOfCustomer>>[number];

/** Surveys as the customer page shows them: link, order, state and the answers given. */
async function serializeSurveys(db: DbOrTx, rows: SurveyRow[]): Promise<CustomerSurvey[]> {
  const links = await serializeLinks(
    db,
    rows.map((r) => r.link),
    // Survey links expire by time only.
    (): OrderState | null => null,
  );
  const answers = await answersOf(
    db,
    rows.map((r) => r.interaction.id),
  );
  return rows.map((r, i) => ({
    id: r.interaction.id,
    form: r.interaction.form,
    link: links[i]!,
    order: r.order?.id
      ? { id: r.order.id, number: r.order.number, vertical: r.order.vertical }
      : null,
    isComplete: r.interaction.isComplete,
    isSatisfied: r.interaction.isSatisfied,
    submittedAt: r.interaction.submittedAt ? toKarachiIso(r.interaction.submittedAt) : null,
    answers: answers
      .filter((a) => a.interactionId === r.interaction.id)
      .map(({ question, text, type, answer }) => ({ question, text, type, answer })),
  }));
}

/** GET /customers/{id}/surveys/: newest first. */
export async function listCustomerSurveys(db: Db, customerId: number) {
  if (!(await findCustomer(db, customerId))) throw notFound();
  return serializeSurveys(db, await surveysOfCustomer(db, customerId));
}

/**
 * POST /customers/{id}/surveys/: a link (48 hours), its interaction and the SMS in one
 * transaction, logged on the order when it names one. With an Idempotency-Key the same key and
 * body return the first answer; another body gets 409.
 */
export async function sendCustomerSurvey(
  db: Db,
  customerId: number,
  body: SurveySend,
  actor: ActorContext,
  idempotencyKey?: string,
): Promise<CustomerSurvey> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_CUSTOMER);
  return db.transaction(async (tx) => {
    const ref = idempotencyKey
      ? {
          key: idempotencyKey,
          userId: actor.userId,
          route: `POST /customers/${customerId}/surveys/`,
        }
      : null;
    if (ref) {
      const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      if (!(await claimIdempotencyKey(tx, ref, hash))) {
        const stored = await findIdempotencyKey(tx, ref);
        if (!stored || stored.requestHash !== hash) {
          throw conflict(ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED);
        }
        return stored.response as CustomerSurvey;
      }
    }
    if (!(await findCustomer(tx, customerId))) throw notFound();
    const order = body.order ? await orderForLink(tx, body.order) : null;
    if (body.order && order?.customerId !== customerId) {
      throw invalid(LINK_MESSAGES.ORDER_NOT_CUSTOMERS, {
        order: [LINK_MESSAGES.ORDER_NOT_CUSTOMERS],
      });
    }
    const link = await createCustomerLink(tx, {
      kind: body.form,
      orderId: order?.id ?? null,
      customerId,
    });
    const interaction = await insertInteraction(tx, {
      linkId: link.id,
      form: body.form,
      orderId: order?.id ?? null,
      customerId,
    });
    if (order) await insertActivities(tx, [linkSentRow(order.id, link.kind, actor)]);
    const [survey] = await serializeSurveys(tx, [
      { interaction, link, order: order ? { ...order } : null },
    ]);
    if (ref) await saveIdempotentResponse(tx, ref, 201, survey);
    return survey!;
  });
}

/**
 * POST /customers/{id}/surveys/{surveyId}/resend/: the survey's link texted again (a survey sent
 * without an order has no other place to be resent), logged on its order when it names one.
 * Refused (409) once expired or answered.
 */
export async function resendCustomerSurvey(
  db: Db,
  p: { customerId: number; surveyId: number },
  actor: ActorContext,
): Promise<CustomerSurvey> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_CUSTOMER);
  return db.transaction(async (tx) => {
    const [row] = await surveysOfCustomer(tx, p.customerId, p.surveyId);
    if (!row) throw notFound();
    await textLinkAgain(tx, row.link, {
      orderState: null,
      customerId: p.customerId,
      orderNumber: row.order?.number ?? null,
    });
    if (row.order?.id) {
      await insertActivities(tx, [
        await linkResentRow(tx, { id: row.order.id }, row.link.kind, actor),
      ]);
    }
    const [survey] = await serializeSurveys(tx, [row]);
    return survey!;
  });
}
