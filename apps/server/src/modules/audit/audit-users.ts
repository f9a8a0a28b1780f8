import { userInfo } from 'node:os';
import type { DbOrTx } from '../../db/client';
import { type AuditAgent, recordAudit } from './audit.service';

/**
 * Staff users and their permissions change from the command line (npm run user) and at first
 * start (the admin): the agent is the host account that ran it, as no one is signed in.
 */
function localAgent(): AuditAgent {
  let name = 'local';
  try {
    name = `local:${userInfo().username}`;
  } catch {
    // A uid without a passwd entry (some containers) has no name.
  }
  return { id: null, name, address: null };
}

/** A user created (C) or their permissions changed (U), in the change's own transaction. */
export function recordUserChange(
  tx: DbOrTx,
  action: 'C' | 'U',
  user: { id: number; email: string },
  detail: Record<string, unknown>,
  agent: AuditAgent = localAgent(),
) {
  return recordAudit(tx, agent, {
    action,
    type: 'user-change',
    entityType: 'User',
    entityId: user.id,
    detail: { email: user.email, ...detail },
  });
}
