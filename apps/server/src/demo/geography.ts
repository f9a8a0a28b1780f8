import type { Vertical } from '@dastak/core/states';
import type { LatLng, Polygon } from '../db/schema/locations';
import { gridOfQuad } from './geometry';

/**
 * Real Pakistani geography: true city centres and bounding boxes, and region outlines drawn
 * around real neighbourhoods (approximate, hand-traced; no street-level accuracy claimed).
 */

export type CitySeed = {
  key: string;
  name: string;
  center: LatLng;
  south: number;
  west: number;
  north: number;
  east: number;
  verticals: Vertical[];
};

export const CITIES: readonly CitySeed[] = [
  {
    key: 'lahore',
    name: 'Lahore',
    center: { latitude: 31.5204, longitude: 74.3587 },
    south: 31.3,
    west: 74.1,
    north: 31.7,
    east: 74.54,
    verticals: ['blood', 'xray'],
  },
  {
    key: 'karachi',
    name: 'Karachi',
    center: { latitude: 24.8607, longitude: 67.0011 },
    south: 24.74,
    west: 66.83,
    north: 25.14,
    east: 67.35,
    verticals: ['blood', 'xray'],
  },
  {
    key: 'islamabad',
    name: 'Islamabad',
    center: { latitude: 33.6844, longitude: 73.0479 },
    south: 33.487,
    west: 72.805,
    north: 33.805,
    east: 73.39,
    verticals: ['blood', 'xray'],
  },
  {
    key: 'rawalpindi',
    name: 'Rawalpindi',
    center: { latitude: 33.5651, longitude: 73.0169 },
    south: 33.465,
    west: 72.94,
    north: 33.68,
    east: 73.2,
    verticals: ['blood'],
  },
];

export type RegionSeed = {
  key: string;
  name: string;
  city: string;
  vertical: Vertical;
  polygon: Polygon;
  zoomLevel: number;
  /** Relative share of the city's orders and riders. */
  weight: number;
  hyperlocal?: { cellNames: string[] };
  /** Share of the vertical's riders working here. */
  riders: number;
};

/** 'lat lng, lat lng, ...' to a polygon (compact to read next to a map). */
const pts = (text: string): Polygon =>
  text.split(',').map((pair) => {
    const [latitude, longitude] = pair.trim().split(' ').map(Number);
    return { latitude: latitude as number, longitude: longitude as number };
  });

/** Gulberg runs hyperlocal: its outline is a 2 x 3 grid of cells. */
export const GULBERG_GRID = gridOfQuad(
  [
    { latitude: 31.5345, longitude: 74.333 },
    { latitude: 31.53, longitude: 74.362 },
    { latitude: 31.499, longitude: 74.358 },
    { latitude: 31.5025, longitude: 74.33 },
  ],
  2,
  3,
);

export const REGIONS: readonly RegionSeed[] = [
  {
    key: 'lhr-gulberg',
    name: 'Gulberg',
    city: 'lahore',
    vertical: 'blood',
    polygon: GULBERG_GRID.outline,
    zoomLevel: 14,
    weight: 1.3,
    riders: 18,
    hyperlocal: {
      cellNames: [
        'Gulberg II',
        'Jail Road',
        'Gulberg I',
        'Gulberg III',
        'Liberty & MM Alam',
        'Gulberg V',
      ],
    },
  },
  {
    key: 'lhr-dha',
    name: 'DHA & Cantt (Lahore)',
    city: 'lahore',
    vertical: 'blood',
    polygon: pts(
      '31.535 74.37, 31.533 74.415, 31.5 74.435, 31.485 74.465, 31.456 74.46, 31.452 74.41, 31.47 74.375, 31.498 74.365',
    ),
    zoomLevel: 13,
    weight: 1.4,
    riders: 17,
  },
  {
    key: 'lhr-model-town',
    name: 'Model Town & Garden Town',
    city: 'lahore',
    vertical: 'blood',
    polygon: pts(
      '31.502 74.301, 31.501 74.329, 31.488 74.345, 31.47 74.342, 31.465 74.315, 31.476 74.298',
    ),
    zoomLevel: 14,
    weight: 1.0,
    riders: 12,
  },
  {
    key: 'lhr-johar',
    name: 'Johar Town & Iqbal Town',
    city: 'lahore',
    vertical: 'blood',
    polygon: pts(
      '31.525 74.27, 31.52 74.297, 31.503 74.299, 31.476 74.295, 31.46 74.289, 31.452 74.265, 31.47 74.25, 31.5 74.255',
    ),
    zoomLevel: 13,
    weight: 1.1,
    riders: 13,
  },
  {
    key: 'khi-clifton',
    name: 'Clifton & DHA (Karachi)',
    city: 'karachi',
    vertical: 'blood',
    polygon: pts(
      '24.842 67.02, 24.84 67.045, 24.825 67.07, 24.815 67.095, 24.79 67.095, 24.785 67.065, 24.795 67.028, 24.81 67.018',
    ),
    zoomLevel: 13,
    weight: 1.3,
    riders: 16,
  },
  {
    key: 'khi-gulshan',
    name: 'Gulshan-e-Iqbal & PECHS',
    city: 'karachi',
    vertical: 'blood',
    polygon: pts(
      '24.86 67.05, 24.885 67.045, 24.915 67.07, 24.935 67.095, 24.93 67.125, 24.9 67.125, 24.875 67.095, 24.858 67.075',
    ),
    zoomLevel: 13,
    weight: 1.2,
    riders: 15,
  },
  {
    key: 'khi-north-nazimabad',
    name: 'North Nazimabad',
    city: 'karachi',
    vertical: 'blood',
    polygon: pts(
      '24.96 67.015, 24.965 67.045, 24.95 67.065, 24.93 67.06, 24.92 67.04, 24.93 67.02',
    ),
    zoomLevel: 14,
    weight: 0.8,
    riders: 10,
  },
  {
    key: 'isb-fg',
    name: 'F & G Sectors',
    city: 'islamabad',
    vertical: 'blood',
    polygon: pts(
      '33.738 73.085, 33.713 73.098, 33.695 73.08, 33.678 73.042, 33.66 73.005, 33.656 72.985, 33.692 72.98, 33.708 73.015, 33.725 73.045, 33.738 73.07',
    ),
    zoomLevel: 13,
    weight: 1.0,
    riders: 13,
  },
  {
    key: 'isb-i',
    name: 'I-8 to I-10 Sectors',
    city: 'islamabad',
    vertical: 'blood',
    polygon: pts(
      '33.688 73.095, 33.67 73.098, 33.648 73.06, 33.638 73.03, 33.653 73.015, 33.674 73.042, 33.692 73.083',
    ),
    zoomLevel: 14,
    weight: 0.6,
    riders: 8,
  },
  {
    key: 'rwp-saddar',
    name: 'Saddar & Cantt (Rawalpindi)',
    city: 'rawalpindi',
    vertical: 'blood',
    polygon: pts(
      '33.615 73.03, 33.612 73.065, 33.59 73.08, 33.575 73.07, 33.578 73.035, 33.595 73.025',
    ),
    zoomLevel: 14,
    weight: 0.6,
    riders: 8,
  },
  {
    key: 'rwp-bahria',
    name: 'Bahria Town & DHA (Rawalpindi)',
    city: 'rawalpindi',
    vertical: 'blood',
    polygon: pts(
      '33.55 73.075, 33.545 73.125, 33.525 73.16, 33.498 73.15, 33.495 73.105, 33.515 73.075',
    ),
    zoomLevel: 13,
    weight: 0.7,
    riders: 9,
  },
  {
    key: 'lhr-xray',
    name: 'Lahore Central',
    city: 'lahore',
    vertical: 'xray',
    polygon: pts('31.54 74.3, 31.538 74.42, 31.48 74.45, 31.46 74.37, 31.465 74.3'),
    zoomLevel: 12,
    weight: 1.2,
    riders: 15,
  },
  {
    key: 'khi-xray',
    name: 'Karachi South & Central',
    city: 'karachi',
    vertical: 'xray',
    polygon: pts(
      '24.93 67.035, 24.935 67.12, 24.87 67.1, 24.805 67.1, 24.785 67.06, 24.82 67.015, 24.87 67.03',
    ),
    zoomLevel: 12,
    weight: 1.0,
    riders: 14,
  },
  {
    key: 'isb-xray',
    name: 'Islamabad',
    city: 'islamabad',
    vertical: 'xray',
    polygon: pts(
      '33.74 73.065, 33.715 73.1, 33.67 73.1, 33.638 73.03, 33.656 72.985, 33.692 72.98',
    ),
    zoomLevel: 12,
    weight: 0.7,
    riders: 11,
  },
];

/** Minimum riders per Gulberg cell (busier cells want more). */
export const GULBERG_CELL_MIN_RIDERS = [3, 2, 2, 3, 3, 2] as const;
