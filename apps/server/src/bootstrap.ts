import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/client';
import { generateDemoData, hasOrders } from './demo/generate';
import { writePrivateFile } from './lib/private-files';
import { getSecret, putSecretOnce } from './modules/auth/auth.repository';
import { ensurePermissions, findUserByEmail, hasAnyUser } from './modules/users/users.repository';
import { createStaffUser } from './modules/users/users.service';

/** The file the generated admin password is kept in, inside DATA_DIR (owner-only, 0600). */
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

/**
 * Whether this database was made with demo data: 'on' or 'off', written once at its first start
 * and never changed (ADR 0049). `demo_data_loaded` marks the load as finished.
 */
const DEMO_DATA_KEY = 'demo_data';
const DEMO_DATA_LOADED_KEY = 'demo_data_loaded';

/**
 * First-start work: permission rows, the admin user, and demo data on a new database.
 * Idempotent, so every start runs it and a restart costs a few queries.
 */
export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger) {
  await ensurePermissions(db, ALL_PERMISSIONS);
  const demo = await demoDataDecision(db, config);
  await ensureAdmin(db, config, log);
  if (demo === 'on' && !(await getSecret(db, DEMO_DATA_LOADED_KEY))) {
    const started = Date.now();
    log.info({ orders: config.DEMO_ORDERS }, 'generating demo data');
    await generateDemoData(db, {
      orders: config.DEMO_ORDERS,
      staffPassword: config.DEMO_STAFF_PASSWORD,
      adminEmail: config.ADMIN_EMAIL,
      log: (msg) => log.info(msg),
    });
    await putSecretOnce(db, DEMO_DATA_LOADED_KEY, new Date().toISOString());
    log.info({ ms: Date.now() - started }, 'demo data ready');
  } else if (demo === 'off' && config.DEMO_DATA) {
    log.info(
      'no demo data: this database was first started without it (demo data goes only into a new one)',
    );
  }
}

/**
 * Demo data goes only into a brand-new database, once: the first start records DEMO_DATA's value;
 * later starts follow the record, whatever DEMO_DATA says then (a database first started with
 * DEMO_DATA=off never gets demo staff with the README's password). A database of an earlier
 * release, which has no record, has demo data exactly when its load finished.
 */
async function demoDataDecision(db: Db, config: Config): Promise<'on' | 'off'> {
  const recorded = await getSecret(db, DEMO_DATA_KEY);
  if (recorded === 'on' || recorded === 'off') return recorded;
  const brandNew = !(await hasAnyUser(db)) && !(await hasOrders(db));
  const loaded = Boolean(await getSecret(db, DEMO_DATA_LOADED_KEY));
  const decision = (brandNew ? config.DEMO_DATA : loaded) ? 'on' : 'off';
  // Another instance starting on the same new database may record first: its record stands.
  return (await putSecretOnce(db, DEMO_DATA_KEY, decision)) === 'on' ? 'on' : 'off';
}

async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  if (await findUserByEmail(db, config.ADMIN_EMAIL)) return;
  let password = config.ADMIN_PASSWORD;
  let savedTo: string | undefined;
  if (!password) {
    password = randomBytes(12).toString('base64url');
    savedTo = path.join(config.DATA_DIR, ADMIN_PASSWORD_FILE);
    writePrivateFile(savedTo, `${config.ADMIN_EMAIL}\n${password}\n`);
  }
  await createStaffUser(db, {
    email: config.ADMIN_EMAIL,
    firstName: 'Admin',
    lastName: 'User',
    password,
    permissions: ALL_PERMISSIONS,
  });
  if (!savedTo) {
    log.info({ email: config.ADMIN_EMAIL }, 'admin user created with ADMIN_PASSWORD');
    return;
  }
  // The password itself only to a terminal: stdout as a file, a pipe or journald is a log that
  // others read and keep (ADR 0049). The log says where it is, never what it is.
  log.info(
    { email: config.ADMIN_EMAIL, file: savedTo },
    `admin user created: its generated password is in ${savedTo} (readable by this user only)`,
  );
  if (process.stdout.isTTY) {
    process.stdout.write(
      `\nAdmin user created: ${config.ADMIN_EMAIL}\nPassword: ${password}\n(saved in ${savedTo})\n\n`,
    );
  }
}
