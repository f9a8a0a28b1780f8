import { CURRENCY } from '@dastak/core/constants';

/** 'PKR 1,250': money is whole PKR (spec §9). */
export const formatPkr = (value: number) => `${CURRENCY} ${value.toLocaleString('en-PK')}`;
