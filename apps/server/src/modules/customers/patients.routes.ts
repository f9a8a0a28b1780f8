import { detailResponseSchema } from '@dastak/core/entities/auth';
import { idParamSchema } from '@dastak/core/entities/common';
import {
  patientCreateSchema,
  patientSchema,
  patientUpdateSchema,
} from '@dastak/core/entities/patients';
import { ifMatchHeadersSchema } from '@dastak/core/entities/versioning';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editOf, withETag } from '../../lib/versioning';
import * as service from './patients.service';

const tags = ['customers'];
const params = z.object({ id: idParamSchema });

/** Patients of a customer (spec §7 Customers): create, update, delete. */
export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/entity/patient/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: { tags, body: patientCreateSchema, response: { 201: patientSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createPatient(app.db, req.body)),
  );

  app.put(
    '/entity/patient/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags,
        params,
        headers: ifMatchHeadersSchema,
        body: patientUpdateSchema,
        response: { 200: patientSchema },
      },
    },
    async (req, reply) =>
      withETag(reply, await service.updatePatient(app.db, req.params.id, req.body, editOf(req))),
  );

  // The spec's path has no trailing slash; the console calls it as written.
  app.delete(
    '/entity/patient/:id',
    {
      config: { access: PERMISSIONS.CAN_DELETE_PATIENT },
      schema: { tags, params, response: { 200: detailResponseSchema } },
    },
    async (req) => service.deletePatient(app.db, req.params.id),
  );
};
