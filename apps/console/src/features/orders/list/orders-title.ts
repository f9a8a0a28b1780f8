import type { Vertical } from '@dastak/core/states';

/** 'Blood Orders' and 'X-RAY Orders' (spec §2.3, §9 vertical labels). */
export const ORDERS_LIST_NAMES: Record<Vertical, string> = {
  blood: 'Blood Orders',
  xray: 'X-RAY Orders',
};
