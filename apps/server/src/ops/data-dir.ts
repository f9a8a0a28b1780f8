import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Where a data directory keeps the embedded database and the running server's admin socket
 * (ADR 0032): what backup, restore and the data upgrade all need, apart from any of them.
 */

export const ADMIN_SOCKET = 'admin.sock';
export const pgliteDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');
export const adminSocketOf = (dataDir: string) => path.join(path.resolve(dataDir), ADMIN_SOCKET);

/** A command that opens the embedded database while a server holds it. */
export class ServerRunningError extends Error {}

/**
 * For the commands that open the embedded database themselves (user, seed, restore): a server
 * running on it holds it, and what they wrote would be lost when it next writes its own state
 * (it printed 'Created' and the user was gone). Refuse, saying what to do.
 */
export async function refuseWhileServing(dataDir: string, command: string) {
  if (await serverRunning(dataDir)) {
    throw new ServerRunningError(
      `A Dastak server is running on ${dataDir}: stop it, then run \`${command}\` again.`,
    );
  }
}

/** Is a server answering on this data directory's admin socket? */
export async function serverRunning(dataDir: string): Promise<boolean> {
  const socketPath = adminSocketOf(dataDir);
  if (!fs.existsSync(socketPath)) return false;
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once('connect', () => {
      s.end('ping\n');
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
