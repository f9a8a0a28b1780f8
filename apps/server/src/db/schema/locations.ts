import { VERTICALS, type Vertical } from '@dastak/core/states';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** A point as the API sends it (spec §3 Region polygon, cells). */
export type LatLng = { latitude: number; longitude: number };
/** A closed ring without the repeated first point; no PostGIS (PGlite has none). */
export type Polygon = LatLng[];

/** Cities with their centre and true bounding box; place search is bounded by it (spec §5). */
export const cities = pgTable('cities', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  centerLatitude: doublePrecision().notNull(),
  centerLongitude: doublePrecision().notNull(),
  south: doublePrecision().notNull(),
  west: doublePrecision().notNull(),
  north: doublePrecision().notNull(),
  east: doublePrecision().notNull(),
  /** Verticals served here; GET /location/cities/?vertical filters on it. */
  verticals: text().array().$type<Vertical[]>().notNull(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/** A region belongs to one vertical and one city; riders and orders belong to a region. */
export const regions = pgTable(
  'regions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    vertical: text({ enum: VERTICALS }).notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    centerLatitude: doublePrecision().notNull(),
    centerLongitude: doublePrecision().notNull(),
    zoomLevel: smallint().notNull().default(11),
    polygon: jsonb().$type<Polygon>().notNull(),
    isHyperlocalModeEnabled: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('regions_vertical_name_uq').on(t.vertical, t.name),
    index('regions_city_idx').on(t.cityId),
  ],
);

/** Hyperlocal cells of a region (spec §2.5): each wants at least minRiders riders in it. */
export const cells = pgTable(
  'cells',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    coordinates: jsonb().$type<Polygon>().notNull(),
    centroidLatitude: doublePrecision().notNull(),
    centroidLongitude: doublePrecision().notNull(),
    minRiders: smallint().notNull().default(1),
    ...timestamps,
  },
  (t) => [index('cells_region_idx').on(t.regionId)],
);

/** Areas inside a region where orders are not served (drawn on the dashboard map). */
export const blacklistedAreas = pgTable(
  'blacklisted_areas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    polygon: jsonb().$type<Polygon>().notNull(),
    reason: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('blacklisted_areas_region_idx').on(t.regionId)],
);

/** Lab branches where riders deliver samples (blood) or hand in films (xray). */
export const collectionCenters = pgTable(
  'collection_centers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    vertical: text({ enum: VERTICALS }).notNull(),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    address: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('collection_centers_region_idx').on(t.regionId)],
);

/** Where riders wait at the start of a shift; attendance checks the rider started inside it. */
export const hotspots = pgTable(
  'hotspots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    radiusMetres: integer().notNull().default(300),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('hotspots_region_idx').on(t.regionId)],
);
