import { staffUserSchema } from '@dastak/core/entities/auth';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff without paging ("-np"): the created-by filter's options.
  app.get(
    '/entity/staff-np/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags: ['users'], response: { 200: z.array(staffUserSchema) } },
    },
    async () => service.listStaffUsers(app.db),
  );
};
