import type { LatLng, Polygon } from '../db/schema/locations';
import type { Rng } from './random';

/** Ray casting with longitude as x and latitude as y; fine at city scale. */
export function pointInPolygon(p: LatLng, polygon: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as LatLng;
    const b = polygon[j] as LatLng;
    const crosses =
      a.latitude > p.latitude !== b.latitude > p.latitude &&
      p.longitude <
        ((b.longitude - a.longitude) * (p.latitude - a.latitude)) / (b.latitude - a.latitude) +
          a.longitude;
    if (crosses) inside = !inside;
  }
  return inside;
}

export type Bounds = { south: number; west: number; north: number; east: number };

export function boundsOf(polygon: Polygon): Bounds {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const p of polygon) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return { south, west, north, east };
}

/** Area centroid of a simple polygon. */
export function centroidOf(polygon: Polygon): LatLng {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as LatLng;
    const b = polygon[j] as LatLng;
    const cross = b.longitude * a.latitude - a.longitude * b.latitude;
    area += cross;
    cx += (b.longitude + a.longitude) * cross;
    cy += (b.latitude + a.latitude) * cross;
  }
  area /= 2;
  return round6({ latitude: cy / (6 * area), longitude: cx / (6 * area) });
}

/** Six decimals, as the API sends coordinates (spec §9). */
export function round6(p: LatLng): LatLng {
  return {
    latitude: Math.round(p.latitude * 1e6) / 1e6,
    longitude: Math.round(p.longitude * 1e6) / 1e6,
  };
}

export function randomPointInBounds(rng: Rng, b: Bounds): LatLng {
  return round6({
    latitude: rng.float(b.south, b.north),
    longitude: rng.float(b.west, b.east),
  });
}

/** Uniform point inside the polygon by rejection from its bounding box. */
export function randomPointInPolygon(
  rng: Rng,
  polygon: Polygon,
  bounds = boundsOf(polygon),
): LatLng {
  for (let i = 0; i < 1000; i++) {
    const p = randomPointInBounds(rng, bounds);
    if (pointInPolygon(p, polygon)) return p;
  }
  return centroidOf(polygon);
}

/** Moves a named place towards the polygon's centroid until it lies inside (approximate maps). */
export function nudgeInside(p: LatLng, polygon: Polygon): LatLng {
  if (pointInPolygon(p, polygon)) return round6(p);
  const c = centroidOf(polygon);
  for (let step = 1; step <= 20; step++) {
    const f = step / 20;
    const q = round6({
      latitude: p.latitude + (c.latitude - p.latitude) * f,
      longitude: p.longitude + (c.longitude - p.longitude) * f,
    });
    if (pointInPolygon(q, polygon)) return q;
  }
  return c;
}

/** A regular polygon of `sides` around a centre, radius in metres. */
export function circleAround(centre: LatLng, radiusMetres: number, sides = 8): Polygon {
  const dLat = radiusMetres / 111_320;
  const dLng = radiusMetres / (111_320 * Math.cos((centre.latitude * Math.PI) / 180));
  const ring: Polygon = [];
  for (let i = 0; i < sides; i++) {
    const angle = (2 * Math.PI * i) / sides;
    ring.push(
      round6({
        latitude: centre.latitude + dLat * Math.sin(angle),
        longitude: centre.longitude + dLng * Math.cos(angle),
      }),
    );
  }
  return ring;
}

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const r = 6_371_000;
  const toRad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRad;
  const dLng = (b.longitude - a.longitude) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * toRad) * Math.cos(b.latitude * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(h));
}

/** A point about `metres` away in a random direction (GPS jitter, a rider walking up). */
export function jitter(rng: Rng, p: LatLng, metres: number): LatLng {
  const angle = rng.float(0, 2 * Math.PI);
  const d = rng.float(0, metres);
  return round6({
    latitude: p.latitude + (d * Math.sin(angle)) / 111_320,
    longitude:
      p.longitude + (d * Math.cos(angle)) / (111_320 * Math.cos((p.latitude * Math.PI) / 180)),
  });
}

/**
 * Splits a quadrilateral (corners NW, NE, SE, SW) into rows x cols cells by bilinear
 * interpolation; the cells tile the quadrilateral exactly. Returns the outline too, with the
 * grid points on its edges so it is the union of the cells.
 */
export function gridOfQuad(
  corners: readonly [LatLng, LatLng, LatLng, LatLng],
  rows: number,
  cols: number,
): { outline: Polygon; cells: Polygon[] } {
  const [nw, ne, se, sw] = corners;
  const at = (u: number, v: number): LatLng => {
    const top = {
      lat: nw.latitude + (ne.latitude - nw.latitude) * u,
      lng: nw.longitude + (ne.longitude - nw.longitude) * u,
    };
    const bottom = {
      lat: sw.latitude + (se.latitude - sw.latitude) * u,
      lng: sw.longitude + (se.longitude - sw.longitude) * u,
    };
    return round6({
      latitude: top.lat + (bottom.lat - top.lat) * v,
      longitude: top.lng + (bottom.lng - top.lng) * v,
    });
  };
  const cells: Polygon[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.push([
        at(c / cols, r / rows),
        at((c + 1) / cols, r / rows),
        at((c + 1) / cols, (r + 1) / rows),
        at(c / cols, (r + 1) / rows),
      ]);
    }
  }
  const outline: Polygon = [];
  for (let c = 0; c < cols; c++) outline.push(at(c / cols, 0));
  for (let r = 0; r < rows; r++) outline.push(at(1, r / rows));
  for (let c = cols; c > 0; c--) outline.push(at(c / cols, 1));
  for (let r = rows; r > 0; r--) outline.push(at(0, r / rows));
  return { outline, cells };
}
