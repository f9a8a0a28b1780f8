import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditRow, auditRowsWhere } from '../../test/fixtures/audit.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { setPermissions } from './users.service';

/** The audit trail's rows of user changes (ADR 0054), written by the users module. */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsWhere = (match: (r: AuditRow) => boolean, atLeast = 1) =>
  auditRowsWhere(t.db, match, atLeast);

describe('user changes', () => {
  it('records who was created with which permissions, and each grant and revoke', async () => {
    const u = await createUser(t, [PERMISSIONS.CAN_VIEW_ORDER]);
    await setPermissions(t.db, u.email, {
      grant: [PERMISSIONS.CAN_VIEW_CUSTOMER],
      revoke: [PERMISSIONS.CAN_VIEW_ORDER],
    });
    const rows = await rowsWhere((r) => r.type === 'user-change' && r.entityId === String(u.id), 2);
    expect(rows.map((r) => [r.action, r.detail])).toEqual([
      [
        'U',
        {
          email: u.email,
          grant: [PERMISSIONS.CAN_VIEW_CUSTOMER],
          revoke: [PERMISSIONS.CAN_VIEW_ORDER],
        },
      ],
      ['C', { email: u.email, permissions: [PERMISSIONS.CAN_VIEW_ORDER] }],
    ]);
    // Nobody signs in on the command line: the host account is the agent.
    expect(rows[0]?.agentId).toBeNull();
    expect(rows[0]?.agentName).toMatch(/^local/);
  });

  it('records an account made and deactivated on the staff page, with the admin who did it', async () => {
    const admin = await createUser(t, [PERMISSIONS.CAN_MANAGE_STAFF]);
    const headers = bearer((await login(t.app, admin.email, admin.password)).token);
    const email = `staff-${Date.now()}@test.local`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/staff/',
      headers,
      payload: { firstName: 'New', lastName: 'Agent', email, password: 'a-long-secret-1' },
      remoteAddress: '127.0.0.7',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/staff/${id}/deactivate/`,
      headers,
      remoteAddress: '127.0.0.7',
    });
    expect(off.statusCode).toBe(200);
    const rows = await rowsWhere((r) => r.type === 'user-change' && r.entityId === String(id), 2);
    expect(rows.map((r) => [r.action, r.detail, r.agentId, r.agentName, r.agentAddress])).toEqual([
      ['U', { email, isActive: false }, admin.id, admin.email, '127.0.0.7'],
      ['C', { email, permissions: expect.any(Array) }, admin.id, admin.email, '127.0.0.7'],
    ]);
  });
});
