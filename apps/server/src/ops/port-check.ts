import net from 'node:net';

/**
 * Whether PORT on HOST can be listened on, tried before anything else starts: found only at
 * listen, a busy port cost the database's creation, the demo seed and the jobs' start (on a
 * shared PostgreSQL a job may have taken its lease before the process exits). Undefined when the
 * port is free, else one line for the operator. A race with another process taking the port
 * between this check and the real listen still fails there, as before.
 */
export function checkPortFree(port: number, host: string): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (err.code === 'EADDRINUSE') {
        resolve(
          `Port ${port} is already in use on ${host} (${where}): stop what holds it, or set PORT.`,
        );
      } else if (err.code === 'EACCES') {
        resolve(
          `Port ${port} needs privileges this user lacks (${where}): set PORT to 1024 or above.`,
        );
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        resolve(`HOST ${host} is not an address of this machine (${where}): check HOST.`);
      } else {
        resolve(`Cannot listen on ${where}: ${err.message}`);
      }
    });
    probe.listen({ port, host, exclusive: true }, () => {
      probe.close(() => resolve(undefined));
    });
  });
}
