/**
 * The one text rule (docs/decisions/0050-bad-input.md). Text a person typed may hold
 * any script (Urdu, with its zero-width joiners and direction marks) but not characters that
 * only hide or reorder what staff read: control characters, the bidi embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069: 'evil' shown backwards), halves of a surrogate pair
 * (no character at all), and U+FFFD, which is what invalid UTF-8 decodes to (nobody types it).
 */

/** Unpaired surrogates: a high one not followed by a low one, a low one not after a high one. */
const LONE_SURROGATE =
  '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
/** The replacement character: bytes that were not UTF-8. */
const REPLACEMENT = '\\ufffd';
/** C0 (but tab, newline and carriage return), DEL and C1 controls. */
const CONTROLS_BUT_LINES = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

const MULTI_LINE_FORBIDDEN = new RegExp(
  `[${CONTROLS_BUT_LINES}${BIDI_CONTROLS}${REPLACEMENT}]|${LONE_SURROGATE}`,
);
const SINGLE_LINE_FORBIDDEN = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}${REPLACEMENT}\\u2028\\u2029]|${LONE_SURROGATE}`,
);

/** Free text (notes, comments, addresses, any text field): lines and tabs allowed. */
export const isCleanText = (text: string) => !MULTI_LINE_FORBIDDEN.test(text);
/** One line of text (a person's or a place's name): no line breaks or tabs either. */
export const isCleanLine = (text: string) => !SINGLE_LINE_FORBIDDEN.test(text);

/** Whitespace and the characters that take no room: zero-width space/joiners, marks, BOM. */
const INVISIBLE =
  /[\s\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2060-\u2064\u3164\ufeff\uffa0]/g;

/** True when text shows something once whitespace and zero-width characters are gone. */
export const hasVisibleText = (text: string) => text.replace(INVISIBLE, '').length > 0;
