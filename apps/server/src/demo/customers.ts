import type { Db } from '../db/client';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../db/schema/customers';
import { CITIES } from './geography';
import {
  boundsOf,
  jitter,
  pointInPolygon,
  randomPointInBounds,
  randomPointInPolygon,
} from './geometry';
import { insertRows, maxId } from './insert';
import { emailFor, type Person, type PhoneBook, randomPerson } from './names';
import { ADDRESS_MAKERS, OUTLYING_AREAS } from './places';
import type { Rng } from './random';
import type { AddressRef, DemoContext, RegionRef } from './types';
import { DAY } from './types';

const CITY_WEIGHTS: [string, number][] = [
  ['lahore', 40],
  ['karachi', 35],
  ['islamabad', 15],
  ['rawalpindi', 10],
];
const PROVINCE: Record<string, string> = {
  lahore: 'Punjab',
  karachi: 'Sindh',
  islamabad: 'Islamabad Capital Territory',
  rawalpindi: 'Punjab',
};
const CHUNK = 5_000;

type CustomerRows = {
  customers: (typeof customers.$inferInsert)[];
  patients: (typeof patients.$inferInsert)[];
  addresses: (typeof customerAddresses.$inferInsert)[];
  regionLinks: (typeof regionCustomerAddresses.$inferInsert)[];
};

/** Customers with patients (self and family) and addresses placed inside region polygons. */
export async function insertCustomers(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  phones: PhoneBook,
  count: number,
): Promise<number> {
  const ids = {
    customer: await maxId(db, customers),
    patient: await maxId(db, patients),
    address: await maxId(db, customerAddresses),
  };
  const agents = ctx.staff.map((s) => s.id);
  const bloodRegionsByCity = new Map<string, RegionRef[]>();
  for (const r of ctx.regions) {
    if (r.vertical !== 'blood') continue;
    bloodRegionsByCity.set(r.cityKey, [...(bloodRegionsByCity.get(r.cityKey) ?? []), r]);
  }
  const windowStart = ctx.todayStart - 62 * DAY;
  let rows = emptyRows();
  for (let i = 0; i < count; i++) {
    const person = randomPerson(rng);
    const customerId = ++ids.customer;
    const created = new Date(windowStart - rng.int(0, 720) * DAY - rng.int(0, DAY));
    const age = Math.round(rng.normal(38, 11, 18, 78));
    const phone = phones.next();
    const email = rng.chance(0.45) ? emailFor(rng, person, customerId) : null;
    const filled = rng.chance(0.7);
    const hearAboutId = filled ? rng.pickSkewed(ctx.lookups.hearAboutUs, 1.3) : null;
    rows.customers.push({
      id: customerId,
      phone,
      firstName: person.firstName,
      lastName: person.lastName,
      email,
      gender: rng.chance(0.03) ? 3 : person.gender,
      dob: birthDate(ctx.now, age, rng),
      secondaryPhone: rng.chance(0.12) ? phones.next() : null,
      hasFilledHearAboutUs: filled,
      hearAboutId,
      createdById: rng.chance(0.7) ? rng.pick(agents) : null,
      created,
      modified: created,
    });
    const patientIds = addPatients(rows, rng, ids, customerId, person, age, phone, email, created);
    const addressCount = rng.weighted([
      [1, 70],
      [2, 25],
      [3, 5],
    ] as const);
    let cityKey = rng.weighted(CITY_WEIGHTS);
    for (let a = 0; a < addressCount; a++) {
      if (a > 0 && rng.chance(0.15)) cityKey = rng.weighted(CITY_WEIGHTS);
      const address = makeAddress(ctx, rng, bloodRegionsByCity, cityKey);
      const addressId = ++ids.address;
      const typeName = rng.weighted([
        ['Home', 75],
        ['Office', 14],
        ['Hospital', 5],
        ['Other', 6],
      ] as const);
      const addressTypeId = ctx.lookups.addressType[typeName] ?? null;
      const hasGoogle = rng.chance(0.55);
      const google = hasGoogle ? jitter(rng, address.point, 400) : null;
      const containing = ctx.regions.filter((r) => pointInPolygon(address.point, r.polygon));
      const verified = containing.length > 0 && rng.chance(0.85);
      rows.addresses.push({
        id: addressId,
        customerId,
        cityId: ctx.regions.find((r) => r.cityKey === cityKey)?.cityId ?? null,
        latitude: address.point.latitude,
        longitude: address.point.longitude,
        address: address.text,
        googleAddress: hasGoogle
          ? `${address.text.split(', ').slice(1).join(', ')}, ${PROVINCE[cityKey]}, Pakistan`
          : null,
        googleLatitude: google?.latitude ?? null,
        googleLongitude: google?.longitude ?? null,
        vertical: rng.chance(0.85) ? 'blood' : 'xray',
        verified,
        isValid: containing.length > 0,
        addressTypeId,
        created,
        modified: created,
      });
      const ref: AddressRef = {
        id: addressId,
        customerId,
        customerName: `${person.firstName} ${person.lastName}`,
        phone,
        latitude: address.point.latitude,
        longitude: address.point.longitude,
        address: address.text,
        addressTypeId,
        verified,
        patientIds,
        hearAboutId,
      };
      for (const region of containing) {
        rows.regionLinks.push({ customerAddressId: addressId, regionId: region.id, customerId });
        region.addresses.push(ref);
      }
    }
    if (rows.customers.length >= CHUNK) {
      await flush(db, rows);
      rows = emptyRows();
    }
  }
  await flush(db, rows);
  return count;
}

function emptyRows(): CustomerRows {
  return { customers: [], patients: [], addresses: [], regionLinks: [] };
}

async function flush(db: Db, rows: CustomerRows): Promise<void> {
  await insertRows(db, customers, rows.customers);
  await insertRows(db, patients, rows.patients);
  await insertRows(db, customerAddresses, rows.addresses);
  await insertRows(db, regionCustomerAddresses, rows.regionLinks);
}

function birthDate(now: Date, age: number, rng: Rng): string {
  const d = new Date(now.getTime() - age * 365.25 * DAY - rng.int(0, 364) * DAY);
  return d.toISOString().slice(0, 10);
}

/** The customer (usually) plus family members; returns the patient ids. */
function addPatients(
  rows: CustomerRows,
  rng: Rng,
  ids: { patient: number },
  customerId: number,
  person: Person,
  age: number,
  phone: string,
  email: string | null,
  created: Date,
): number[] {
  const out: number[] = [];
  const card = () => (rng.chance(0.25) ? `MR-${rng.int(1_000_000, 9_999_999)}` : null);
  const add = (
    p: Person,
    relation: string,
    pAge: number,
    unit: 'YEARS' | 'MONTHS' | 'DAYS',
    self: boolean,
  ) => {
    const id = ++ids.patient;
    out.push(id);
    rows.patients.push({
      id,
      customerId,
      firstName: p.firstName,
      lastName: p.lastName,
      phone: self || rng.chance(0.5) ? phone : null,
      email: self ? email : null,
      gender: p.gender,
      age: pAge,
      ageUnit: unit,
      cardNumber: card(),
      relation,
      created,
      modified: created,
    });
  };
  if (rng.chance(0.9)) add(person, 'self', age, 'YEARS', true);
  const family = rng.weighted([
    [0, 45],
    [1, 30],
    [2, 17],
    [3, 8],
  ] as const);
  for (let f = 0; f < family || out.length === 0; f++) {
    const kind = rng.weighted([
      ['spouse', 30],
      ['child', 35],
      ['parent', 25],
      ['infant', 10],
    ] as const);
    if (kind === 'spouse') {
      const g = person.gender === 1 ? 2 : 1;
      add(
        randomPerson(rng, g, person.lastName),
        g === 2 ? 'wife' : 'husband',
        Math.max(18, age + rng.int(-6, 6)),
        'YEARS',
        false,
      );
    } else if (kind === 'parent') {
      const p = randomPerson(rng, undefined, person.lastName);
      add(
        p,
        p.gender === 1 ? 'father' : 'mother',
        Math.min(95, age + rng.int(22, 34)),
        'YEARS',
        false,
      );
    } else if (kind === 'child') {
      const p = randomPerson(rng, undefined, person.lastName);
      add(
        p,
        p.gender === 1 ? 'son' : 'daughter',
        Math.max(1, Math.min(age - 18, rng.int(1, 25))),
        'YEARS',
        false,
      );
    } else {
      const p = randomPerson(rng, undefined, person.lastName);
      const days = rng.chance(0.25);
      add(
        p,
        p.gender === 1 ? 'son' : 'daughter',
        days ? rng.int(3, 28) : rng.int(1, 11),
        days ? 'DAYS' : 'MONTHS',
        false,
      );
    }
  }
  return out;
}

/** A point inside one of the city's blood regions with a matching street address; 2% outlying. */
function makeAddress(
  ctx: DemoContext,
  rng: Rng,
  bloodRegionsByCity: Map<string, RegionRef[]>,
  cityKey: string,
): { point: { latitude: number; longitude: number }; text: string } {
  const city = CITIES.find((c) => c.key === cityKey);
  const cityName = city?.name ?? cityKey;
  if (city && rng.chance(0.02)) {
    for (let i = 0; i < 50; i++) {
      const point = randomPointInBounds(rng, city);
      if (!ctx.regions.some((r) => pointInPolygon(point, r.polygon))) {
        const area = rng.pick(OUTLYING_AREAS[cityKey] ?? ['Outskirts']);
        return {
          point,
          text: `House ${rng.int(1, 900)}, Street ${rng.int(1, 40)}, ${area}, ${cityName}`,
        };
      }
    }
  }
  const candidates = bloodRegionsByCity.get(cityKey) ?? [];
  const region = rng.weighted(candidates.map((r) => [r, r.weight] as const));
  const point = randomPointInPolygon(rng, region.polygon, boundsOf(region.polygon));
  const maker = rng.pick(ADDRESS_MAKERS[region.key] ?? [() => `${region.name}, ${cityName}`]);
  return { point, text: maker(rng) };
}
