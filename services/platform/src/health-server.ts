/**
 * The probes of a worker process (Kubernetes, the cluster launcher): `GET /healthz` answers 200
 * while the process's event loop runs (liveness: nothing else, so an outage of NATS or storage
 * never gets every worker restarted), `GET /readyz` runs the worker's checks (the bus answers,
 * storage answers, models are loaded) and answers 200, or 503 naming the check that failed, and
 * 503 at once when the worker started to stop. Plain node:http: a worker has no Fastify.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Resolves (with anything but `false`) when the part it checks answers; throws or `false` when not. */
export type HealthCheck = () => Promise<unknown> | unknown;

export type HealthServerOptions = {
  /** HEALTH_PORT; 0 or absent: a free port, which `url` names. */
  port?: number;
  /** Default 0.0.0.0: a kubelet probes the pod's address. */
  host?: string;
  checks: Record<string, HealthCheck>;
  /** Why 2 s: a probe's default timeout is 1 s; a check slower than this counts as failed. */
  checkTimeoutMs?: number;
};

export type HealthServer = {
  /** `http://HOST:PORT`, as the worker prints it in its ready line. */
  url: string;
  port: number;
  /** From now on /readyz answers 503 (the process is stopping). */
  setDraining(): void;
  close(): Promise<void>;
};

const CHECK_TIMEOUT_MS = 2_000;

/** HEALTH_PORT from the environment: unset or empty means a free port (0). */
export function healthPortFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.HEALTH_PORT?.trim();
  if (!raw) return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`HEALTH_PORT must be a port number, got ${JSON.stringify(raw)}`);
  return port;
}

async function passes(check: HealthCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const result = await Promise.race([Promise.resolve().then(check), timeout]);
    return result !== false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startHealthServer(opts: HealthServerOptions): Promise<HealthServer> {
  const timeoutMs = opts.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  let draining = false;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { status: 'method not allowed' });
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    if (path !== '/readyz') return send(res, 404, { status: 'not found' });
    if (draining) return send(res, 503, { status: 'draining' });
    const names = Object.keys(opts.checks);
    void Promise.all(names.map((name) => passes(opts.checks[name]!, timeoutMs))).then((results) => {
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
      const ready = results.every(Boolean) && !draining;
      send(res, ready ? 200 : 503, { status: ready ? 'ok' : draining ? 'draining' : 'unavailable', ...checks });
    });
  });
  // A probe is one short request: idle keep-alive sockets must not hold the close up.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    setDraining: () => {
      draining = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
