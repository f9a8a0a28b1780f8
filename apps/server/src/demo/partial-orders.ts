import type { Db } from '../db/client';
import { partialOrders } from '../db/schema/orders';
import { CATALOGUE } from './catalogue';
import { insertRows, maxId } from './insert';
import { type PhoneBook, randomPerson } from './names';
import { karachiDate, slotLabel } from './order-rows';
import { nextSlot } from './order-timeline';
import type { Rng } from './random';
import type { DemoContext } from './types';
import { DAY, HOUR, MINUTE } from './types';

const CHANNELS = ['website', 'whatsapp', 'mobileApp', 'chatbot'] as const;

/**
 * Requests from the website and chat channels that no agent has booked yet (NEW, mostly for
 * today and the next days) or that were dropped (CANCELLED). Converted ones come with orders.
 */
export async function insertOpenPartialOrders(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  phones: PhoneBook,
  count: number,
): Promise<void> {
  const now = ctx.now.getTime();
  const blood = ctx.regions.filter((r) => r.vertical === 'blood' && r.addresses.length > 0);
  const testNames = CATALOGUE.filter((c) => c.vertical === 'blood' && c.popularity > 0).map(
    (c) => c.name,
  );
  const rows: (typeof partialOrders.$inferInsert)[] = [];
  let id = await maxId(db, partialOrders);
  for (let i = 0; i < count; i++) {
    const region = rng.weighted(blood.map((r) => [r, r.weight] as const));
    const known = rng.chance(0.4) ? rng.pick(region.addresses) : null;
    const person = randomPerson(rng);
    const isNew = rng.chance(0.7);
    const created = isNew ? now - rng.int(5, 36 * 60) * MINUTE : now - rng.int(2, 30) * DAY;
    const slotMinutes = 60;
    const pickup = isNew
      ? nextSlot(
          Math.max(created, now - 2 * HOUR) + rng.int(1, 72) * HOUR,
          ctx.todayStart,
          slotMinutes,
          rng,
        )
      : nextSlot(created + rng.int(2, 30) * HOUR, ctx.todayStart, slotMinutes, rng);
    rows.push({
      id: ++id,
      cityId: region.cityId,
      name: known?.customerName ?? `${person.firstName} ${person.lastName}`,
      phone: known?.phone ?? phones.next(),
      email: rng.chance(0.3)
        ? `${person.firstName}.${person.lastName}@gmail.com`.toLowerCase()
        : null,
      address:
        known?.address ?? `${region.name}, near ${rng.pick(region.hotspots)?.name ?? 'main road'}`,
      latitude: known?.latitude ?? null,
      longitude: known?.longitude ?? null,
      state: isNew ? 'NEW' : 'CANCELLED',
      date: karachiDate(pickup),
      timeSlot: slotLabel(pickup, slotMinutes),
      pickup: new Date(pickup),
      tests: rng.sample(testNames, rng.int(1, 3)),
      source: rng.pick(CHANNELS),
      notes: rng.chance(0.2) ? 'Customer asked for a call back before booking.' : null,
      created: new Date(created),
      modified: new Date(isNew ? created : created + rng.int(1, 48) * HOUR),
    });
  }
  await insertRows(db, partialOrders, rows);
}
