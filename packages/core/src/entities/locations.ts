import { z } from 'zod';
import { DEFAULT_MAP_ZOOM } from '../constants';
import {
  idSchema,
  latitudeSchema,
  latLngSchema,
  longitudeSchema,
  paged,
  verticalSchema,
} from './common';

export const blackListedAreaSchema = z.object({
  id: idSchema,
  name: z.string(),
  polygon: z.array(latLngSchema),
});
export type BlackListedArea = z.infer<typeof blackListedAreaSchema>;

/** A hyperlocal cell of a region. */
export const cellSchema = z.object({
  id: idSchema,
  name: z.string(),
  coordinates: z.array(latLngSchema),
  centroid: latLngSchema,
  minRiders: z.number().int().nonnegative(),
  currentRidersCount: z.number().int().nonnegative(),
});
export type Cell = z.infer<typeof cellSchema>;

export const regionSchema = z.object({
  id: idSchema,
  name: z.string(),
  vertical: verticalSchema.optional(),
  city: idSchema.nullable().optional(),
  centerPoint: latLngSchema.nullable(),
  /** Falls back to 11 on the map when missing. */
  zoomLevel: z.number().int().default(DEFAULT_MAP_ZOOM),
  polygon: z.array(latLngSchema),
  blackListedAreas: z.array(blackListedAreaSchema),
  cells: z.array(cellSchema),
  isHyperlocalModeEnabled: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

/** A city with its bounding box (place search is limited to it). */
export const citySchema = z.object({
  id: idSchema,
  name: z.string(),
  centerPoint: latLngSchema,
  south: latitudeSchema,
  west: longitudeSchema,
  north: latitudeSchema,
  east: longitudeSchema,
});
export type City = z.infer<typeof citySchema>;

export const collectionCenterSchema = z.object({
  id: idSchema,
  name: z.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type CollectionCenter = z.infer<typeof collectionCenterSchema>;

export const hotspotSchema = z.object({
  id: idSchema,
  name: z.string(),
  region: idSchema.nullable().optional(),
  latitude: latitudeSchema.nullable().optional(),
  longitude: longitudeSchema.nullable().optional(),
});
export type Hotspot = z.infer<typeof hotspotSchema>;

export const cityPageSchema = paged(citySchema);
export const regionPageSchema = paged(regionSchema);
export const hotspotPageSchema = paged(hotspotSchema);
export const collectionCenterPageSchema = paged(collectionCenterSchema);

/** A geocoder hit of the New address dialog's place search (spec §5). */
export const placeSchema = z.object({
  label: z.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);
