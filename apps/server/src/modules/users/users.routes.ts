import {
  staffAccountCreateSchema,
  staffAccountListSchema,
  staffAccountParamsSchema,
  staffAccountSchema,
  staffUserListSchema,
} from '@dastak/core/entities/auth';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { auditAgent } from '../audit/public';
import * as staffAccounts from './staff-accounts.service';
import * as service from './users.service';

/** Auth's session revocation, passed in: auth sits above users (staff-accounts.service.ts). */
export interface UsersRoutesOptions {
  revokeSessionsIn: (tx: DbOrTx, userId: number) => Promise<void>;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  // Staff without paging ("-np"): the created-by filter's options.
  app.get(
    '/entity/staff-np/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags: ['users'], response: { 200: staffUserListSchema } },
    },
    async () => service.listStaffUsers(app.db),
  );

  // The staff admin page: every staff account, active or not.
  app.get(
    '/users/staff/',
    {
      config: { access: PERMISSIONS.CAN_MANAGE_STAFF },
      schema: { tags: ['users'], response: { 200: staffAccountListSchema } },
    },
    async () => staffAccounts.listStaffAccounts(app.db),
  );

  app.post(
    '/users/staff/',
    {
      config: { access: PERMISSIONS.CAN_MANAGE_STAFF },
      schema: {
        tags: ['users'],
        summary: 'Create a staff account',
        body: staffAccountCreateSchema,
        response: { 201: staffAccountSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await staffAccounts.createStaffAccount(app.db, req.body, auditAgent(req))),
  );

  // Deactivating ends every session of the account at once (ADR 0053).
  app.post(
    '/users/staff/:id/deactivate/',
    {
      config: { access: PERMISSIONS.CAN_MANAGE_STAFF },
      schema: {
        tags: ['users'],
        summary: 'Deactivate a staff account and end its sessions',
        params: staffAccountParamsSchema,
        response: { 200: staffAccountSchema },
      },
    },
    async (req) =>
      staffAccounts.deactivateStaffUser(
        {
          db: app.db,
          sessions: {
            revokeSessionsIn: opts.revokeSessionsIn,
            forgetUser: (userId) => app.tokens.forgetUser(userId),
          },
        },
        req.params.id,
        auditAgent(req),
      ),
  );
};
