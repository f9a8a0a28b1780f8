import { z } from 'zod';
import { VALIDATION } from '../messages';
import {
  idParamSchema,
  idSchema,
  idSchemaWith,
  latitudeSchema,
  longitudeSchema,
  namedRefSchema,
  requiredTextSchema,
  sixDecimalsSchema,
  verticalSchema,
} from './common';
import { versionSchema } from './versioning';

/**
 * A region whose polygon holds the address's pin, of either vertical: the create page fills its
 * Region from the one of its own vertical, and warns when there is none (ADR 0058).
 */
export const addressRegionSchema = namedRefSchema.extend({ vertical: verticalSchema });
export type AddressRegion = z.infer<typeof addressRegionSchema>;

export const customerAddressSchema = z.object({
  id: idSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  customer: idSchema,
  address: z.string(),
  googleAddress: z.string().nullable(),
  googleLatitude: latitudeSchema.nullable(),
  googleLongitude: longitudeSchema.nullable(),
  vertical: verticalSchema,
  verified: z.boolean(),
  isValid: z.boolean(),
  regionCustomerAddresses: z.array(z.object({ region: addressRegionSchema })),
  version: versionSchema,
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

const mapPointSchema = z
  .number({ error: VALIDATION.SELECT_ADDRESS_ON_MAP })
  .pipe(sixDecimalsSchema);

/** POST /entity/{vertical}/customer-address/: the pin must be on the map, sent with 6 decimals. */
export const customerAddressCreateSchema = z.object({
  latitude: mapPointSchema.pipe(latitudeSchema),
  longitude: mapPointSchema.pipe(longitudeSchema),
  customer: idSchemaWith(VALIDATION.CREATE_OR_SELECT_CUSTOMER),
  address: requiredTextSchema(),
  googleAddress: z.string().default(''),
  // Bounded as the pin is: the address is answered through customerAddressSchema, whose bounds
  // an unbounded value failed after it was stored (a 500; found by the fuzzer, ADR 0031).
  googleLatitude: sixDecimalsSchema.pipe(latitudeSchema).nullable().optional(),
  googleLongitude: sixDecimalsSchema.pipe(longitudeSchema).nullable().optional(),
  vertical: verticalSchema,
});
export type CustomerAddressCreate = z.infer<typeof customerAddressCreateSchema>;
export type CustomerAddressCreateInput = z.input<typeof customerAddressCreateSchema>;

/**
 * DELETE /entity/customer_address/{id}/ body (spec §7): customerAddressId, and orderId when the
 * delete is Mark Wrong Pin of that order (ADR 0014).
 */
export const customerAddressDeleteSchema = z.object({
  customerAddressId: idSchema,
  orderId: idSchema.optional(),
});
export type CustomerAddressDelete = z.infer<typeof customerAddressDeleteSchema>;

/** DELETE /entity/customer_address/{id}/ query: order_id, as the body's key (Mark Wrong Pin). */
export const customerAddressDeleteQuerySchema = z.object({
  orderId: idParamSchema.optional(),
});
export type CustomerAddressDeleteQuery = z.infer<typeof customerAddressDeleteQuerySchema>;

/** PATCH /entity/verify_customer_address/{id} */
export const customerAddressVerifySchema = z.object({ verified: z.boolean().default(true) });
export type CustomerAddressVerify = z.infer<typeof customerAddressVerifySchema>;

/** GET /entity/customer-address/?customer */
export const customerAddressListQuerySchema = z.object({ customer: idParamSchema });

export const customerAddressListSchema = z.array(customerAddressSchema);
