import { readFileSync } from 'node:fs';

/**
 * A Solomon instance in the TSPLIB-style CVRPTW format used by LKH-3 (node 1 is the depot).
 * Kept as the file states it: the checker and the adapter both read this, nothing derived.
 */
export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  serviceTime: number;
  /** Index 0 is the depot; customers are 1..n (file node id - 1). */
  x: number[];
  y: number[];
  demand: number[];
  ready: number[];
  due: number[];
}

export function parseSolomon(text: string): SolomonInstance {
  const header = new Map<string, string>();
  const sections = new Map<string, number[][]>();
  let section: number[][] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    const kv = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (kv) {
      header.set(kv[1]!, kv[2]!.trim());
      section = null;
    } else if (/^[A-Z_]+$/.test(line)) {
      section = [];
      sections.set(line, section);
    } else if (section) {
      section.push(line.split(/\s+/).map(Number));
    }
  }
  const dim = Number(header.get('DIMENSION'));
  const table = (name: string, width: number) => {
    const rows = sections.get(name);
    if (!rows) throw new Error(`missing ${name}`);
    const out = Array.from({ length: dim }, () => [] as number[]);
    for (const row of rows) {
      if (row.length !== width + 1) continue;
      const id = row[0]!;
      if (!Number.isInteger(id) || id < 1 || id > dim) throw new Error(`${name}: bad node ${id}`);
      out[id - 1] = row.slice(1);
    }
    if (out.some((r) => r.length !== width)) throw new Error(`${name}: missing nodes`);
    return out;
  };
  const coords = table('NODE_COORD_SECTION', 2);
  const demand = table('DEMAND_SECTION', 1);
  const windows = table('TIME_WINDOW_SECTION', 2);
  const depot = sections.get('DEPOT_SECTION')?.[0]?.[0];
  if (depot !== 1) throw new Error(`depot must be node 1, got ${depot}`);
  const need = (k: string) => {
    const v = Number(header.get(k));
    if (!Number.isFinite(v)) throw new Error(`missing ${k}`);
    return v;
  };
  return {
    name: header.get('NAME') ?? '?',
    vehicles: need('VEHICLES'),
    capacity: need('CAPACITY'),
    serviceTime: need('SERVICE_TIME'),
    x: coords.map((c) => c[0]!),
    y: coords.map((c) => c[1]!),
    demand: demand.map((d) => d[0]!),
    ready: windows.map((w) => w[0]!),
    due: windows.map((w) => w[1]!),
  };
}

export const readSolomon = (path: string) => parseSolomon(readFileSync(path, 'utf8'));
