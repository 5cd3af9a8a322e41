/**
 * A worker's heartbeat: publishes what the worker says about itself on start, every interval,
 * and a last `offline` record on stop, so the device registry shows it within seconds and drops
 * it at once on a clean shutdown (or after a few silent intervals on a crash).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { BusError, type Bus } from './port';

/** The fields the reporter fills in; the rest of the record comes from the worker. */
export type HeartbeatFields = {
  status: 'online' | 'offline';
  heartbeat_ms: number;
  started_at: string;
  reported_at: string;
};

export type DeviceReporter = {
  /** Publishes now, outside the schedule (a model loaded, a pool changed). */
  reportNow(): Promise<void>;
  /** Stops the schedule and publishes the `offline` record; call before closing the bus. */
  stop(): Promise<void>;
};

export type DeviceReporterOptions = { subject: string; intervalMs: number };

/**
 * Where a device registry that has just started asks every device to report at once: without
 * it a gateway (re)started knew no device for up to a heartbeat interval and refused every text
 * translation ("pair not available") meanwhile.
 */
export function reportAskSubject(heartbeatSubject: string): string {
  return `${heartbeatSubject}.ask`;
}

/** Resolves once the first record is out. */
export async function startDeviceReporter<R extends object>(
  bus: Bus,
  getRecord: () => R,
  opts: DeviceReporterOptions,
): Promise<DeviceReporter> {
  const startedAt = new Date().toISOString();
  let stopped = false;
  const send = async (status: HeartbeatFields['status']) => {
    const record: R & HeartbeatFields = {
      ...getRecord(),
      status,
      heartbeat_ms: opts.intervalMs,
      started_at: startedAt,
      reported_at: new Date().toISOString(),
    };
    try {
      await bus.publish(opts.subject, record);
    } catch (err) {
      // The bus closed under us (the worker is shutting down): nothing more to report.
      if (err instanceof BusError && err.code === 'closed') return void (stopped = true);
      // A missed heartbeat is harmless; the next one follows within the interval.
      console.error('device reporter: heartbeat not sent:', err);
    }
  };
  await send('online');
  const timer = setInterval(() => (stopped ? clearInterval(timer) : void send('online')), opts.intervalMs);
  timer.unref();
  const asked = await bus.subscribe(reportAskSubject(opts.subject), () => (stopped ? undefined : send('online')));
  return {
    reportNow: () => (stopped ? Promise.resolve() : send('online')),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await asked.unsubscribe().catch(() => {});
      await send('offline');
    },
  };
}

/** The host facts of a device record that Node can see (the GPU comes from the inference engine). */
export function describeHost(): { host: string; pid: number; cpu_model: string; cpu_count: number; total_mem_bytes: number } {
  const cpus = os.cpus();
  return {
    host: os.hostname(),
    pid: process.pid,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cpu_count: cpus.length,
    total_mem_bytes: os.totalmem(),
  };
}

/**
 * A worker's device id, also a subject token (lower-case ASCII and dashes): `DEVICE_ID` when set
 * (a pod name in a cluster, so its settings outlive a restart), else the role, host and pid and
 * a random part (unique per process; its settings last as long as it does).
 */
export function deviceIdFor(role: string, env: NodeJS.ProcessEnv = {}): string {
  const given = env.DEVICE_ID?.trim().toLowerCase();
  if (given) {
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(given))
      throw new Error(`DEVICE_ID must be lower-case letters, digits and dashes (64 at most), got ${JSON.stringify(given)}`);
    return given;
  }
  const host =
    os
      .hostname()
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'host';
  return `${role}-${host}-${process.pid}-${randomUUID().slice(0, 8)}`;
}
