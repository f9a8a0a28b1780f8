import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files';

/** 'already-sent': the file sink held this message already (a resend after a crash). */
export type SendResult = 'sent' | 'already-sent';

/**
 * The file sinks (mail, SMS) send exactly once: the message is written in full to a temporary
 * file, synced, then linked to its final name, which fails if the name exists (an exclusive
 * create, like open's 'wx', but the final name never holds a half-written message after a
 * kill -9). An existing file means the message already went out.
 */
export async function writeFileOnce(
  dir: string,
  name: string,
  content: string | Buffer,
): Promise<SendResult> {
  // Phones, addresses and tracking links: the server user's alone, whatever the umask (ADR 0049).
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const final = path.join(dir, name);
  const tmp = path.join(dir, `.tmp-${randomBytes(6).toString('hex')}${path.extname(name)}`);
  const file = await fs.open(tmp, 'wx', PRIVATE_FILE_MODE);
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await fs.link(tmp, final);
    return 'sent';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return 'already-sent';
    throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}
