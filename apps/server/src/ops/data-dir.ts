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
