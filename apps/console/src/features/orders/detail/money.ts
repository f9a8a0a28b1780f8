import { CURRENCY } from '@dastak/core/constants';
import { groupThousands } from '@dastak/core/rules/format';

/** 'PKR 1,250': money is whole PKR (spec §9). */
export const formatPkr = (value: number) => `${CURRENCY} ${groupThousands(value)}`;
