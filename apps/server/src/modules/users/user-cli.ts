import { parseArgs } from 'node:util';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS, type RoleName } from '@dastak/core/permissions';
import { loadConfig } from '../../config/config';
import { openDb } from '../../db/client';
import { keepFilesPrivate } from '../../lib/private-files';
import { refuseWhileServing } from '../../ops/data-dir';
import { ensurePermissions } from './users.repository';
import { createStaffUser, setPermissions } from './users.service';

const USAGE = `Manage staff users of the configured database (DATA_DIR or DATABASE_URL).

  npm run user -- create --email a@b.pk --first-name Ayesha --last-name Khan --password secret1 [--role admin|dispatcher|agent] [--permission NAME ...]
  npm run user -- grant  --email a@b.pk --permission "Can assign order" [--permission ...]
  npm run user -- revoke --email a@b.pk --permission CAN_ADD_RIDER [--permission ...]
  npm run user -- permissions      (lists every permission name)
`;

async function main() {
  // It may create the embedded database: owner-only, as the server's (ADR 0049).
  keepFilesPrivate();
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      permission: { type: 'string', multiple: true },
    },
  });
  if (command === 'permissions') {
    for (const p of ALL_PERMISSIONS) console.log(p);
    return;
  }
  if (!command || !['create', 'grant', 'revoke'].includes(command) || !values.email) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) await refuseWhileServing(config.DATA_DIR, 'npm run user');
  const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await ensurePermissions(handle.db, ALL_PERMISSIONS);
    if (command === 'create') {
      const role = values.role as RoleName | undefined;
      if (role && !(role in ROLE_PERMISSIONS)) throw new Error(`Unknown role ${role}`);
      if (!values.password || values.password.length < 6)
        throw new Error('--password of at least 6 characters is required');
      const user = await createStaffUser(handle.db, {
        email: values.email,
        firstName: values['first-name'] ?? values.email.split('@')[0] ?? 'Staff',
        lastName: values['last-name'] ?? '',
        password: values.password,
        permissions: [...(role ? ROLE_PERMISSIONS[role] : []), ...(values.permission ?? [])],
      });
      console.log(`Created staff user #${user.id} ${user.email}`);
    } else {
      const names = values.permission ?? [];
      const now = await setPermissions(
        handle.db,
        values.email,
        command === 'grant' ? { grant: names } : { revoke: names },
      );
      console.log(`${values.email} now has: ${now.join(', ') || '(no permissions)'}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
