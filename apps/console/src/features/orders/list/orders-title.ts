import type { Vertical } from '@dastak/core/states';

/** 'Blood Orders' and 'X-RAY Orders' (spec §2.3, §9 vertical labels). */
export const ORDERS_LIST_NAMES: Record<Vertical, string> = {
  blood: 'Blood Orders',
  xray: 'X-RAY Orders',
};

/**
 * 'Blood Orders - 120 results'; past the server's counting cap the count is the cap and the title
 * says so: 'Blood Orders - 1000+ results'.
 */
export function listTitle(name: string, count: number | undefined, capped = false): string {
  if (count === undefined) return name;
  return `${name} - ${count}${capped ? '+' : ''} results`;
}
