/**
 * Operations endpoints beside GET /healthz, outside /api/v1.0 (ARCHITECTURE conventions):
 * - GET /metrics: Prometheus text format, for the clients metrics-access.ts lets in (others get
 *   HTTP 403 with the envelope's METRICS_FORBIDDEN);
 * - GET /readyz: 200 while the database, the bus and storage answer and a live worker serves each
 *   pair the pool offers (worker-coverage.ts; the pairs without one are named), 503 otherwise or
 *   as soon as the gateway drains (SIGTERM): a load balancer or Kubernetes readiness probe takes
 *   the replica out of rotation instead of sending it work.
 * `/healthz` stays the liveness answer: it does not check the bus, so a NATS outage does not get
 * every replica restarted.
 * `mtp_gateway_process_info{pid}` tells the replicas behind one address apart (cluster mode's
 * processes share a port); only those allowed to read /metrics see it.
 *
 * Each app has a registry of its own (not prom-client's global one), so several apps in one
 * process (tests) never see each other's series.
 */
import type { DeviceRegistry } from '@mtp/ops';
import { queueOf, type Bus, type Db, type ObjectStorage } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { sendCode } from '../plugins/envelope';
import { SOURCE_TIMEOUT_MS, withDeadline } from './bounded-source';
import { recordHttpMetrics } from './http-metrics';
import { metricsAccessCheck, type MetricsAccess } from './metrics-access';
import { platformGauges } from './platform-gauges';
import { workerCoverage } from './worker-coverage';

export type MetricsOptions = MetricsAccess & {
  /** How long database figures are shared between scrapes; default 5 s (tests: 0). */
  dbShareMs?: number;
};

/**
 * Probes and scrapes come every few seconds from every kubelet and Prometheus: at info they would
 * be most of a replica's log lines. Their failures still show (warn and above).
 */
export const PROBE_LOG_LEVEL = 'warn';

type PluginOptions = {
  db: Db;
  bus: Bus;
  pool: string;
  devices: DeviceRegistry | null;
  metrics: MetricsOptions;
  /** Document storage; absent: not checked (no document translation). */
  storage?: ObjectStorage | null;
  /** True once the process started to stop: /readyz answers 503 before anything else closes. */
  draining?: () => boolean;
};

async function answers(check: Promise<unknown>, what: string): Promise<boolean> {
  return withDeadline(check, SOURCE_TIMEOUT_MS, what).then(
    () => true,
    () => false,
  );
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: PluginOptions) => {
  const registry = new Registry();
  // Process figures (mtp_process_*: CPU, memory; mtp_nodejs_*: event loop lag, heap, GC) in this app's registry.
  collectDefaultMetrics({ register: registry, prefix: 'mtp_' });
  new Gauge({
    name: 'mtp_gateway_process_info',
    help: 'This gateway process (1), by pid.',
    labelNames: ['pid'],
    registers: [registry],
  }).set({ pid: String(process.pid) }, 1);
  recordHttpMetrics(app, registry);
  const refreshPlatform = platformGauges(registry, { db: opts.db, bus: opts.bus, pool: opts.pool, devices: opts.devices, ...opts.metrics });
  const mayScrape = metricsAccessCheck(opts.metrics);
  // One scrape at a time: a scrape resets the platform gauges before filling them, so a second
  // one running alongside could empty them while the first is being written out.
  let previous: Promise<unknown> = Promise.resolve();
  const scrape = (): Promise<string> => {
    const run = previous.then(async () => {
      await refreshPlatform();
      return registry.metrics();
    });
    previous = run.catch(() => {});
    return run;
  };

  app.get('/metrics', { logLevel: PROBE_LOG_LEVEL }, async (request, reply) => {
    if (!mayScrape(request)) return sendCode(request, reply, 'METRICS_FORBIDDEN');
    const text = await scrape();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.get('/readyz', { logLevel: PROBE_LOG_LEVEL }, async (_request, reply) => {
    if (opts.draining?.()) return reply.code(503).send({ status: 'draining' });
    // A JetStream API call on NATS (a round trip to the server); always answers in process.
    const [database, bus, storage] = await Promise.all([
      answers(opts.db.query('SELECT 1'), 'database'),
      answers(opts.bus.pendingJobs(queueOf(BUS.translateSegments, opts.pool)), 'bus'),
      opts.storage ? answers(opts.storage.stat('health/readyz-probe'), 'storage') : true,
    ]);
    const coverage = workerCoverage(opts.devices?.list() ?? [], opts.pool);
    const workers = coverage.withoutWorker.length === 0;
    const ready = database && bus && storage && workers;
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ok' : 'unavailable',
      database,
      bus,
      storage,
      workers,
      pairs_without_worker: coverage.withoutWorker,
    });
  });
});
