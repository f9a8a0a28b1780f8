import type { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';

export type ScreenshotType = (typeof ISSUE_REPORT_LIMITS.SCREENSHOT_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_BIT_DEPTHS = new Set([1, 2, 4, 8, 16]);
const PNG_COLOUR_TYPES = new Set([0, 2, 3, 4, 6]);

/** A PNG: the signature, then an IHDR chunk of 13 bytes with a non-empty size and sane fields. */
function isPng(b: Buffer) {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  return (
    width > 0 &&
    height > 0 &&
    width <= 0x7fffffff &&
    height <= 0x7fffffff &&
    PNG_BIT_DEPTHS.has(b[24]!) &&
    PNG_COLOUR_TYPES.has(b[25]!)
  );
}

/** Start-of-frame markers: every baseline, progressive and lossless coding (not DHT/JPG/DAC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * A JPEG: SOI, then marker segments up to a start-of-frame with a non-empty size, before the
 * scan starts. A file that only begins with FF D8 FF is not enough.
 */
function isJpeg(b: Buffer) {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    let marker = b[at + 1]!;
    // Fill bytes: any number of FF before a marker.
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]!;
    at += 2;
    // Markers without a length (TEM, RSTn).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda || at + 2 > b.length) return false;
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return false;
    if (isSof(marker)) {
      if (length < 8) return false;
      const height = b.readUInt16BE(at + 3);
      const width = b.readUInt16BE(at + 5);
      return width > 0 && height > 0 && b[at + 7]! > 0;
    }
    at += length;
  }
  return false;
}

/** The image's type judged by its bytes alone, or null when it is neither a PNG nor a JPEG. */
export function screenshotType(bytes: Buffer): ScreenshotType | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 screenshot as sent (an optional data: URL prefix is dropped, its
 * declared type ignored), or null when the text is not base64.
 */
export function decodeScreenshot(text: string): Buffer | null {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const body = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !BASE64.test(body)) return null;
  return Buffer.from(body, 'base64');
}
