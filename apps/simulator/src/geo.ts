export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

export function distanceMetres(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metres` along the straight line from a to b (b itself when closer than that). */
export function stepTowards(a: Point, b: Point, metres: number): Point {
  const d = distanceMetres(a, b);
  if (d <= metres || d === 0) return { ...b };
  const f = metres / d;
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
  };
}

/** Moves a point by up to `metres` in a random direction (GPS noise, weaving through traffic). */
export function jitter(p: Point, metres: number, random: () => number): Point {
  const angle = random() * 2 * Math.PI;
  const r = random() * metres;
  const dLat = (r * Math.cos(angle)) / 111_320;
  const dLng = (r * Math.sin(angle)) / (111_320 * Math.cos(rad(p.latitude)));
  return { latitude: p.latitude + dLat, longitude: p.longitude + dLng };
}

/** Coordinates are sent with 6 decimals (spec §5). */
export const sixDecimals = (p: Point): Point => ({
  latitude: Math.round(p.latitude * 1e6) / 1e6,
  longitude: Math.round(p.longitude * 1e6) / 1e6,
});
