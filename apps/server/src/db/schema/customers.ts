import { AGE_UNITS, VERTICALS } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps, tz, version } from './columns';
import { cities, regions } from './locations';
import { lookups } from './lookups';
import { users } from './users';

/**
 * A customer is the phone number that books; patients are the people tested. numberOfOrders,
 * lastOrderId and lastOrderAt are kept by every order insert (same transaction) so the customers
 * list needs no aggregate over a million orders.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 11 digits, 03xxxxxxxxx. */
    phone: text().notNull().unique(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    email: text(),
    /** 1 male, 2 female, 3 not disclosed. */
    gender: smallint().notNull().default(3),
    dob: date({ mode: 'string' }),
    secondaryPhone: text(),
    hasFilledHearAboutUs: boolean().notNull().default(false),
    hearAboutId: integer().references(() => lookups.id),
    /** Set when the customer also logs in (users.userType 2). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    numberOfOrders: integer().notNull().default(0),
    /** No foreign key: orders reference customers, and this is a denormalised pointer. */
    lastOrderId: integer(),
    lastOrderAt: tz(),
    /** Optimistic concurrency (ADR 0056): the edit count and who made the last edit. */
    version: version(),
    modifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('customers_phone_ck', sql`${t.phone} ~ '^[0-9]{11}$'`),
    // Customers list default ordering=-created, paged.
    index('customers_created_idx').on(t.created),
    // The create-order autocomplete lists recent bookers first: a broad match ('ali') walks this
    // index and stops at the page instead of sorting every match.
    index('customers_last_order_idx').on(
      t.lastOrderAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // 'Customer Name or Phone' search and the create-order number autocomplete (substring).
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    // Name search: one expression covers first, last and full name ("Ali Khan"). Queries must
    // use exactly customerFullName below for the planner to match it.
    index('customers_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

/** The expression customers_full_name_trgm_idx indexes; use it with ILIKE in searches. */
export const customerFullName = sql<string>`(${customers.firstName} || ' ' || ${customers.lastName})`;

export const patients = pgTable(
  'patients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    phone: text(),
    secondaryPhone: text(),
    email: text(),
    gender: smallint().notNull().default(1),
    age: smallint(),
    ageUnit: text({ enum: AGE_UNITS }).notNull().default('YEARS'),
    /** Lab card (MR) number; the API shows 'N/A' when empty. */
    cardNumber: text(),
    /** 'self', 'spouse', 'son', 'daughter', 'father', 'mother', ... (informational). */
    relation: text(),
    /** Orders keep pointing at a deleted patient, so deletion is soft. */
    deletedAt: tz(),
    /** Optimistic concurrency (ADR 0056): the edit count and who made the last edit. */
    version: version(),
    modifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // Linked patients of a customer (create-order page, customer detail).
  (t) => [index('patients_customer_idx').on(t.customerId)],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cityId: integer().references(() => cities.id),
    /** The collection pin (6 decimals in the API). */
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    address: text().notNull(),
    /** What the place search returned, and its pin, when the agent moved the pin afterwards. */
    googleAddress: text(),
    googleLatitude: doublePrecision(),
    googleLongitude: doublePrecision(),
    /** The vertical whose screen created the address. */
    vertical: text({ enum: VERTICALS }).notNull().default('blood'),
    verified: boolean().notNull().default(false),
    /** True when the pin lies inside at least one region. */
    isValid: boolean().notNull().default(true),
    addressTypeId: integer().references(() => lookups.id),
    /** Orders keep pointing at a deleted address (Mark Wrong Pin), so deletion is soft. */
    deletedAt: tz(),
    /** Optimistic concurrency (ADR 0056): the edit count and who made the last edit. */
    version: version(),
    modifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Address list of a customer (customer detail, create-order).
    index('customer_addresses_customer_idx').on(t.customerId),
    // The place search without a geocoder matches known address text (GET /location/geocode/).
    index('customer_addresses_address_trgm_idx').using('gin', sql`${t.address} gin_trgm_ops`),
    // The few deleted addresses: the customers list's regions filter skips them cheaply.
    index('customer_addresses_deleted_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * Regions whose polygon contains the address (spec regionCustomerAddresses), computed on write.
 * customerId is copied from the address so the customers list can filter by region without
 * touching customer_addresses.
 */
export const regionCustomerAddresses = pgTable(
  'region_customer_addresses',
  {
    customerAddressId: integer()
      .notNull()
      .references(() => customerAddresses.id, { onDelete: 'cascade' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.customerAddressId, t.regionId] }),
    // Customers list with a regions filter: semi-join probe per customer, and the count.
    index('region_customer_addresses_customer_region_idx').on(t.customerId, t.regionId),
    index('region_customer_addresses_region_customer_idx').on(t.regionId, t.customerId),
  ],
);
