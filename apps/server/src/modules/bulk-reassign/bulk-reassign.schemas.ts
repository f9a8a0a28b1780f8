import { idParamSchema } from '@dastak/core/entities/common';
import { z } from 'zod';

/**
 * Path of the bulk reassign routes; the bodies and replies are core's
 * (entities/bulk-reassign.ts), shared with the console.
 */
export const bulkReassignParamsSchema = z.object({ riderId: idParamSchema });
