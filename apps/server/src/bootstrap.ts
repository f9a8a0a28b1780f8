import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/client';
import { generateDemoData } from './demo/generate';
import { getSecret, putSecretOnce } from './modules/auth/auth.repository';
import { ensurePermissions, findUserByEmail } from './modules/users/users.repository';
import { createStaffUser } from './modules/users/users.service';

/**
 * First-start work: permission rows, the admin user, and demo data on a new database.
 * Idempotent, so every start runs it and a restart costs a few queries.
 */
export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger) {
  await ensurePermissions(db, ALL_PERMISSIONS);
  await ensureAdmin(db, config, log);
  if (config.DEMO_DATA && !(await getSecret(db, 'demo_data_loaded'))) {
    const started = Date.now();
    log.info({ orders: config.DEMO_ORDERS }, 'generating demo data');
    await generateDemoData(db, {
      orders: config.DEMO_ORDERS,
      staffPassword: config.DEMO_STAFF_PASSWORD,
      adminEmail: config.ADMIN_EMAIL,
      log: (msg) => log.info(msg),
    });
    await putSecretOnce(db, 'demo_data_loaded', new Date().toISOString());
    log.info({ ms: Date.now() - started }, 'demo data ready');
  }
}

async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  if (await findUserByEmail(db, config.ADMIN_EMAIL)) return;
  let password = config.ADMIN_PASSWORD;
  let savedTo: string | undefined;
  if (!password) {
    password = randomBytes(12).toString('base64url');
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    savedTo = path.join(config.DATA_DIR, 'admin-password.txt');
    fs.writeFileSync(savedTo, `${config.ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  }
  await createStaffUser(db, {
    email: config.ADMIN_EMAIL,
    firstName: 'Admin',
    lastName: 'User',
    password,
    permissions: ALL_PERMISSIONS,
  });
  // Printed once, on the first start only; never logged again.
  if (savedTo) {
    process.stdout.write(
      `\nAdmin user created: ${config.ADMIN_EMAIL}\nPassword: ${password}\n(saved in ${savedTo})\n\n`,
    );
  } else {
    log.info({ email: config.ADMIN_EMAIL }, 'admin user created with ADMIN_PASSWORD');
  }
}
