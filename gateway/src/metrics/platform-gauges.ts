/**
 * The platform's figures at scrape time: queue depth per queue and pool (from the bus), tasks by
 * outcome (tasks service) and characters charged by kind (billing ledger) from PostgreSQL, and
 * device load (this process's device registry). Each source is read under a deadline; one that
 * fails or is late leaves its gauges empty for that scrape and sets `mtp_metrics_source_up` 0.
 *
 * Tasks and characters are platform-wide (every replica reads the same tables and reports the
 * same numbers): aggregate them with max(), not sum(), across replicas.
 */
import { chargedCharsByKind } from '@mtp/billing';
import type { DeviceRegistry, DeviceView } from '@mtp/ops';
import { queueOf, type Bus, type Db, type QueueEntry } from '@mtp/platform';
import { BUS, DEFAULT_POOL } from '@mtp/proto';
import { countTaskOutcomes } from '@mtp/tasks';
import { Gauge, type Registry } from 'prom-client';
import { DB_SHARE_MS, SOURCE_TIMEOUT_MS, sharedDbSource, withDeadline } from './bounded-source';

export type PlatformSources = {
  db: Db;
  bus: Bus;
  /** The pool this gateway sends work to (MT_POOL); always listed beside `default`. */
  pool: string;
  devices: DeviceRegistry | null;
  /** How long database figures are shared between scrapes (tests: 0). */
  dbShareMs?: number;
};

/** Every work queue of the catalog; pooled ones exist once per device pool. */
const QUEUES = Object.values(BUS).filter((e) => 'queue' in e) as QueueEntry[];

/**
 * The optional load figures newer workers put in their record (proto/src/bus-devices.ts); read
 * only where present and numbers, so records of older workers simply lack these series.
 */
const DEVICE_NUMBERS = [
  ['utilisation', 'mtp_device_utilisation', 'Busy fraction (0-1) the device reports over its last few minutes.'],
  ['jobs_per_min', 'mtp_device_jobs_per_minute', 'Jobs and requests the device reports finishing per minute.'],
  ['chars_per_min', 'mtp_device_chars_per_minute', 'Source characters the device reports translating per minute.'],
] as const;

export function platformGauges(registry: Registry, sources: PlatformSources): () => Promise<void> {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const sourceUp = gauge('mtp_metrics_source_up', 'Whether a scrape-time source answered in time (1) or not (0).', ['source']);
  const queueDepth = gauge('mtp_queue_depth', 'Jobs a work queue holds: waiting, running or waiting for a retry.', ['queue', 'pool']);
  const tasks = gauge('mtp_tasks', 'Tasks by outcome, platform-wide: text tasks and document files kept now.', ['kind', 'status']);
  const chars = gauge('mtp_characters_charged', 'Characters charged since the start, platform-wide, by kind.', ['kind']);
  const deviceLabels = ['device_id', 'role', 'pool'] as const;
  const inFlight = gauge('mtp_device_jobs_in_flight', 'Jobs a device is running now.', deviceLabels);
  const jobsDone = gauge('mtp_device_jobs_done', 'Jobs a device has finished since it started.', deviceLabels);
  const online = gauge('mtp_device_online', 'Whether the device is heard from (1) or gone quiet (0).', deviceLabels);
  const numbers = DEVICE_NUMBERS.map(([field, name, help]) => ({ field, metric: gauge(name, help, deviceLabels) }));
  const state = gauge('mtp_device_state', 'The state a device reports (1 for its current state).', [...deviceLabels, 'state']);

  const shareMs = sources.dbShareMs ?? DB_SHARE_MS;
  const readTasks = sharedDbSource(sources.db, 'task outcomes', countTaskOutcomes, shareMs);
  const readChars = sharedDbSource(sources.db, 'characters charged', chargedCharsByKind, shareMs);

  const collectQueues = async () => {
    const pools = new Set([DEFAULT_POOL, sources.pool, ...(sources.devices?.list().map((d) => d.pool) ?? [])]);
    const addresses = QUEUES.flatMap((q) =>
      q.pooled
        ? [...pools].map((pool) => ({ queue: q.queue, pool, address: queueOf(q, pool) }))
        : [{ queue: q.queue, pool: '', address: queueOf(q) }],
    );
    const depths = await Promise.allSettled(
      addresses.map((a) => withDeadline(sources.bus.pendingJobs(a.address), SOURCE_TIMEOUT_MS, a.address)),
    );
    depths.forEach((d, i) => {
      if (d.status === 'fulfilled') queueDepth.set({ queue: addresses[i]!.queue, pool: addresses[i]!.pool }, d.value);
    });
    return depths.every((d) => d.status === 'fulfilled');
  };

  const collectTasks = async () => {
    const rows = await readTasks();
    for (const row of rows ?? []) tasks.set({ kind: row.kind, status: row.status }, row.count);
    return rows !== null;
  };

  const collectChars = async () => {
    const totals = await readChars();
    for (const [kind, n] of Object.entries(totals ?? {})) chars.set({ kind }, n);
    return totals !== null;
  };

  const collectDevices = () => {
    for (const device of sources.devices?.list() ?? []) {
      const labels = { device_id: device.device_id, role: device.role ?? 'mt', pool: device.pool };
      inFlight.set(labels, device.in_flight);
      jobsDone.set(labels, device.jobs_done);
      online.set(labels, device.online ? 1 : 0);
      const extra = device as DeviceView & Record<string, unknown>;
      for (const { field, metric } of numbers) if (typeof extra[field] === 'number') metric.set(labels, extra[field]);
      if (typeof extra.state === 'string') state.set({ ...labels, state: extra.state }, 1);
    }
  };

  return async () => {
    for (const g of [sourceUp, queueDepth, tasks, chars, inFlight, jobsDone, online, state, ...numbers.map((n) => n.metric)]) g.reset();
    collectDevices();
    // A source that throws (rather than answering late) is as absent as one that times out.
    const failed = () => false;
    const [queues, taskRows, charged] = await Promise.all([
      collectQueues().catch(failed),
      collectTasks().catch(failed),
      collectChars().catch(failed),
    ]);
    sourceUp.set({ source: 'bus' }, queues ? 1 : 0);
    sourceUp.set({ source: 'tasks' }, taskRows ? 1 : 0);
    sourceUp.set({ source: 'ledger' }, charged ? 1 : 0);
  };
}
