/** Mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in kilometres between two points given as `[longitude, latitude]` in
 * degrees (the haversine formula, on a sphere: within 0.5 % of the ellipsoid's distance).
 */
export function haversineKm(
  from: readonly [lon: number, lat: number],
  to: readonly [lon: number, lat: number],
): number {
  const [lon1, lat1] = from;
  const [lon2, lat2] = to;
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
