/**
 * The cluster launcher's NATS: Debian's `nats-server` with JetStream, storing under
 * DATA_DIR/nats, on loopback at CLUSTER_NATS_PORT (4222). When something there already answers as
 * NATS (a server left running, or one the operator started), it is used and left alone.
 * `scripts/lib.sh` (ensure_nats_server) installs the server with apt when it is missing.
 */
import { findNatsServer } from '@mtp/platform';
import { mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SupervisedProcess } from './supervised-process';

export type LocalNats = { url: string; started: SupervisedProcess | null };

type Probe = 'nats' | 'nats-without-jetstream' | 'other' | 'none';

/** What answers on the port: NATS greets every client with an `INFO {...}` line first. */
export function probeNats(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let seen = '';
    const finish = (answer: Probe) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => finish('other'));
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      if (seen.length >= 5 && !seen.startsWith('INFO ')) return finish('other');
      const line = seen.indexOf('\r\n');
      if (line < 0) return;
      // The work queues are JetStream streams: a plain NATS server would fail every worker.
      finish(/"jetstream":\s*true/.test(seen.slice(0, line)) ? 'nats' : 'nats-without-jetstream');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => finish(err.code === 'ECONNREFUSED' ? 'none' : 'other'));
  });
}

function natsServerBinary(): string {
  const found = findNatsServer();
  if (!found) throw new Error('nats-server is not installed: run `sudo apt-get install nats-server`, or set NATS_URL');
  return found;
}

export async function startLocalNats(port: number, dataDir: string, log: (line: string) => void): Promise<LocalNats> {
  const url = `nats://127.0.0.1:${port}`;
  const there = await probeNats(port);
  if (there === 'nats') {
    log(`NATS: using the server already answering on port ${port}`);
    return { url, started: null };
  }
  if (there === 'nats-without-jetstream')
    throw new Error(`the NATS server on port ${port} has no JetStream: set CLUSTER_NATS_PORT or NATS_URL`);
  if (there === 'other') throw new Error(`port ${port} is taken by something that is not NATS: set CLUSTER_NATS_PORT or NATS_URL`);
  const storeDir = path.join(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const logFd = openSync(path.join(dataDir, 'nats.log'), 'a');
  const server = new SupervisedProcess(
    {
      name: 'nats-server',
      command: natsServerBinary(),
      args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
      options: { stdio: ['ignore', logFd, logFd] },
      waitReady: async (child) => {
        for (let i = 0; i < 150 && child.exitCode === null; i++) {
          if ((await probeNats(port)) === 'nats') return url;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`nats-server did not start: see ${path.join(dataDir, 'nats.log')}`);
      },
    },
    log,
  );
  await server.start();
  return { url, started: server };
}
