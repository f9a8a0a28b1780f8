import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { OutputAsset } from 'rollup';
import type { Plugin } from 'vite';

/**
 * The rider PWA's build extras (ADR 0063), without vite-plugin-pwa: the entry's HTML becomes
 * index.html (the server answers /rider/ with it), the web manifest and its icons are written
 * here (PNGs encoded with zlib, no image tool), and the hand-written service worker
 * (src/rider/sw.js) gets the list of every file the shell needs, and a version from their names,
 * so a deploy installs a new cache and drops the old.
 */

export const RIDER_BASE = '/rider/';
const THEME = '#0b7285';
const BACKGROUND = '#ffffff';

export const RIDER_MANIFEST = {
  id: RIDER_BASE,
  name: 'Dastak Rider',
  short_name: 'Dastak',
  description: 'Home sample collection: tasks, tubes and delivery for Dastak riders.',
  lang: 'en',
  dir: 'auto',
  start_url: RIDER_BASE,
  scope: RIDER_BASE,
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME,
  background_color: BACKGROUND,
  icons: [
    { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

// --- PNG ---------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// The tip stands 2.2 r above the circle's centre: sin θ = 1 / 2.2 for the tangent lines.
const SIN = 1 / 2.2;
const CONE_SPREAD = 2.2 * (SIN / Math.sqrt(1 - SIN * SIN));
const TANGENT_T = 1 - SIN * SIN;

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/**
 * A white drop on the theme colour. `safe` is the share of the side the drop may use: a maskable
 * icon keeps it inside the 80 % circle every launcher mask leaves.
 */
export function riderIconPng(size: number, safe: number): Buffer {
  const [br, bg, bb] = rgb(THEME) as [number, number, number];
  const rows: Buffer[] = [];
  const r = (size * safe) / 4; // the drop's round bottom
  const cx = size / 2;
  const cy = size / 2 + r * 0.45;
  const tip = cy - r * 2.2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const inCircle = dx * dx + dy * dy <= r * r;
      // The point: a cone from the tip, tangent to the circle, down to where it touches it.
      const t = (y + 0.5 - tip) / (cy - tip);
      const inCone = t >= 0 && t <= TANGENT_T && Math.abs(dx) <= r * t * CONE_SPREAD;
      const white = inCircle || inCone;
      row[1 + x * 3] = white ? 255 : br;
      row[2 + x * 3] = white ? 255 : bg;
      row[3 + x * 3] = white ? 255 : bb;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- the plugin --------------------------------------------------------------------------------

export function riderPwa(): Plugin {
  return {
    name: 'dastak-rider-pwa',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['rider.html'] as OutputAsset | undefined;
      if (!html) this.error('rider build: no rider.html in the bundle');
      delete bundle['rider.html'];
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html.source });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(RIDER_MANIFEST, null, 2)}\n`,
      });
      this.emitFile({ type: 'asset', fileName: 'icon-192.png', source: riderIconPng(192, 0.9) });
      this.emitFile({ type: 'asset', fileName: 'icon-512.png', source: riderIconPng(512, 0.9) });
      this.emitFile({
        type: 'asset',
        fileName: 'icon-maskable-512.png',
        source: riderIconPng(512, 0.62),
      });
      const files = [
        ...new Set([
          // The legacy .woff twin of each font is for browsers without woff2: not a phone's.
          ...Object.keys(bundle).filter((f) => !f.endsWith('.map') && !f.endsWith('.woff')),
          'index.html',
          'manifest.webmanifest',
          'icon-192.png',
          'icon-512.png',
          'icon-maskable-512.png',
        ]),
      ].sort();
      // The page itself is asked for as /rider/ (the server answers it with index.html).
      const precache = [RIDER_BASE, ...files.map((f) => `${RIDER_BASE}${f}`)];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = fs
        .readFileSync(path.join(import.meta.dirname, 'src/rider/sw.js'), 'utf8')
        .replace("'__PRECACHE__'", JSON.stringify(precache))
        .replace('__VERSION__', version);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
