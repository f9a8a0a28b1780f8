import { VERTICALS } from '@dastak/core/states';
import type { Db } from '../db/client';
import { scanTypes } from '../db/schema/catalog';
import { feedbackQuestions } from '../db/schema/feedback';
import {
  blacklistedAreas,
  cells,
  cities,
  collectionCenters,
  hotspots,
  regions,
} from '../db/schema/locations';
import { lookups } from '../db/schema/lookups';
import { appVersions } from '../db/schema/riders';
import { CATALOGUE } from './catalogue';
import { CITIES, GULBERG_CELL_MIN_RIDERS, GULBERG_GRID, REGIONS } from './geography';
import { centroidOf, circleAround, nudgeInside } from './geometry';
import { insertRows, maxId } from './insert';
import { APP_VERSIONS, FEEDBACK_QUESTIONS, LOOKUP_LISTS } from './lookups';
import { BLACKLISTED_AREAS, COLLECTION_CENTERS, HOTSPOTS } from './places';
import type { LookupIds, PlaceRef, RegionRef, ScanTypeRef } from './types';
import { DAY } from './types';

export type Reference = {
  regions: RegionRef[];
  lookups: LookupIds;
  scanTypes: ScanTypeRef[];
  questions: Record<'physicalVisit' | 'croFeedback', { id: number; type: string }[]>;
};

/** Geography, lookups, catalogue, feedback questions and app versions. */
export async function insertReference(db: Db, now: Date): Promise<Reference> {
  let cityId = await maxId(db, cities);
  const cityIds = new Map<string, number>();
  const cityRows = CITIES.map((c) => {
    cityIds.set(c.key, ++cityId);
    return {
      id: cityId,
      name: c.name,
      centerLatitude: c.center.latitude,
      centerLongitude: c.center.longitude,
      south: c.south,
      west: c.west,
      north: c.north,
      east: c.east,
      verticals: c.verticals,
    };
  });
  await insertRows(db, cities, cityRows);

  let regionId = await maxId(db, regions);
  let cellId = await maxId(db, cells);
  let placeId = await maxId(db, collectionCenters);
  let hotspotId = await maxId(db, hotspots);
  const refs: RegionRef[] = [];
  const regionRows = [];
  const cellRows = [];
  const centreRows = [];
  const hotspotRows = [];
  const blacklistRows = [];
  for (const r of REGIONS) {
    const id = ++regionId;
    const center = centroidOf(r.polygon);
    const place = (p: { name: string; at: [number, number] }, pid: number): PlaceRef => {
      const at = nudgeInside({ latitude: p.at[0], longitude: p.at[1] }, r.polygon);
      return { id: pid, name: p.name, ...at };
    };
    const centres = (COLLECTION_CENTERS[r.key] ?? []).map((p) => place(p, ++placeId));
    const spots = (HOTSPOTS[r.key] ?? []).map((p) => place(p, ++hotspotId));
    const regionCells = r.hyperlocal
      ? GULBERG_GRID.cells.map((polygon, i) => ({
          id: ++cellId,
          name: r.hyperlocal?.cellNames[i] ?? `Cell ${i + 1}`,
          polygon,
          minRiders: GULBERG_CELL_MIN_RIDERS[i] ?? 2,
        }))
      : [];
    const cityKey = r.city;
    refs.push({
      id,
      key: r.key,
      name: r.name,
      vertical: r.vertical,
      cityId: cityIds.get(cityKey) ?? 0,
      cityKey,
      weight: r.weight,
      riderShare: r.riders,
      polygon: r.polygon,
      center,
      collectionCenters: centres,
      hotspots: spots,
      cells: regionCells,
      addresses: [],
      riders: [],
    });
    regionRows.push({
      id,
      name: r.name,
      vertical: r.vertical,
      cityId: cityIds.get(cityKey) ?? 0,
      centerLatitude: center.latitude,
      centerLongitude: center.longitude,
      zoomLevel: r.zoomLevel,
      polygon: r.polygon,
      isHyperlocalModeEnabled: !!r.hyperlocal,
    });
    for (const c of regionCells) {
      const centroid = centroidOf(c.polygon);
      cellRows.push({
        id: c.id,
        regionId: id,
        name: c.name,
        coordinates: c.polygon,
        centroidLatitude: centroid.latitude,
        centroidLongitude: centroid.longitude,
        minRiders: c.minRiders,
      });
    }
    for (const c of centres) {
      centreRows.push({
        id: c.id,
        name: c.name,
        vertical: r.vertical,
        regionId: id,
        address: `${c.name.replace(/^Dastak (Lab|Imaging) - /, '')}, ${cityKey[0]?.toUpperCase()}${cityKey.slice(1)}`,
        latitude: c.latitude,
        longitude: c.longitude,
      });
    }
    for (const h of spots) {
      hotspotRows.push({
        id: h.id,
        name: h.name,
        regionId: id,
        latitude: h.latitude,
        longitude: h.longitude,
      });
    }
    for (const b of BLACKLISTED_AREAS[r.key] ?? []) {
      const at = nudgeInside({ latitude: b.at[0], longitude: b.at[1] }, r.polygon);
      blacklistRows.push({
        regionId: id,
        name: b.name,
        reason: b.reason,
        polygon: circleAround(at, b.radius),
      });
    }
  }
  await insertRows(db, regions, regionRows);
  await insertRows(db, cells, cellRows);
  await insertRows(db, collectionCenters, centreRows);
  await insertRows(db, hotspots, hotspotRows);
  await insertRows(db, blacklistedAreas, blacklistRows);

  await insertAppVersions(db, now);
  return {
    regions: refs,
    lookups: await insertLookups(db),
    scanTypes: await insertCatalogue(db),
    questions: await insertQuestions(db),
  };
}

async function insertLookups(db: Db): Promise<LookupIds> {
  let id = await maxId(db, lookups);
  const rows = [];
  const ids: LookupIds = {
    hearAboutUs: [],
    problem: { blood: [], xray: [] },
    noRiderProblem: 0,
    cancellation: { blood: [], xray: [] },
    reassignment: [],
    reschedule: [],
    addressType: {},
    orderSource: {},
    text: new Map(),
  };
  const noRiderText = 'No rider available in time';
  const lists = [
    ...LOOKUP_LISTS,
    { kind: 'problem', scope: 'common', texts: [noRiderText] } as const,
  ];
  for (const list of lists) {
    let sortOrder = 0;
    for (const text of list.texts) {
      const rowId = ++id;
      rows.push({ id: rowId, kind: list.kind, scope: list.scope, text, sortOrder: sortOrder++ });
      ids.text.set(rowId, text);
      const verticals = list.scope === 'common' ? VERTICALS : [list.scope];
      if (list.kind === 'hearAboutUs') ids.hearAboutUs.push(rowId);
      if (list.kind === 'reassignment') ids.reassignment.push(rowId);
      if (list.kind === 'reschedule') ids.reschedule.push(rowId);
      if (list.kind === 'addressType') ids.addressType[text] = rowId;
      if (list.kind === 'orderSource') ids.orderSource[text] = rowId;
      if (list.kind === 'cancellation') for (const v of verticals) ids.cancellation[v].push(rowId);
      // Escalations use the no-rider problem; riders report the others (common ones on both).
      if (list.kind === 'problem' && text === noRiderText) ids.noRiderProblem = rowId;
      else if (list.kind === 'problem') for (const v of verticals) ids.problem[v].push(rowId);
    }
  }
  await insertRows(db, lookups, rows);
  return ids;
}

async function insertCatalogue(db: Db): Promise<ScanTypeRef[]> {
  let id = await maxId(db, scanTypes);
  const refs: ScanTypeRef[] = [];
  const rows = CATALOGUE.map((c) => {
    const row = {
      id: ++id,
      code: c.code,
      name: c.name,
      value: c.value,
      vertical: c.vertical,
      label: c.label,
      isCovid: c.isCovid ?? false,
      isAllowed: c.isAllowed ?? true,
      requiresFasting: c.requiresFasting ?? false,
      preparation: c.preparation ?? null,
      stabilityHours: c.stabilityHours ?? null,
    };
    if (row.isAllowed) refs.push({ ...row, popularity: c.popularity });
    return row;
  });
  await insertRows(db, scanTypes, rows);
  return refs;
}

async function insertQuestions(db: Db): Promise<Reference['questions']> {
  let id = await maxId(db, feedbackQuestions);
  const out: Reference['questions'] = { physicalVisit: [], croFeedback: [] };
  const rows = FEEDBACK_QUESTIONS.map((q, i) => {
    const row = { id: ++id, ...q, sortOrder: i };
    out[q.form].push({ id: row.id, type: q.type });
    return row;
  });
  await insertRows(db, feedbackQuestions, rows);
  return out;
}

async function insertAppVersions(db: Db, now: Date): Promise<void> {
  await insertRows(
    db,
    appVersions,
    APP_VERSIONS.map((v) => ({
      version: v.version,
      releasedAt: new Date(now.getTime() - v.daysAgo * DAY),
      notes: `Rider app ${v.version}`,
    })),
  );
}
