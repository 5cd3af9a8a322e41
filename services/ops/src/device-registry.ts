/**
 * The device registry: listens to worker heartbeats and keeps the latest record of each device,
 * for the admin device screens and for routing decisions. A device is online while its
 * heartbeats keep coming; after `offlineAfterIntervals` of its own intervals without one, or
 * on its clean `offline` record, it is offline. Times are this process's receipt times, so the
 * clocks of worker hosts do not matter.
 *
 * With a database (`db`), records are also kept in PostgreSQL (at most every `persistEveryMs` per
 * device, at once when it goes on or offline or changes state or pool), loaded at start, and
 * synchronised every `syncEveryMs`, so every replica lists the same devices, offline ones
 * included, across restarts, until an administrator deletes one. Memory stays the fast path
 * that routing reads.
 */
import { reportAskSubject, subscribeTo, type Bus, type BusSubscription, type Db } from '@mtp/platform';
import { BUS, type DeviceRecord } from '@mtp/proto';
import { deleteDeviceRecord, loadDeviceRecords, pruneUnconfiguredDevices, saveDeviceRecord } from './device-store';

export type DeviceView = DeviceRecord & {
  online: boolean;
  /** When this registry last heard from the device. */
  last_seen_at: string;
  /** When the platform first heard from it (the database's memory, else this process's). */
  first_seen_at: string;
};

export type DeviceRegistryOptions = {
  subject?: string;
  offlineAfterIntervals?: number;
  /** Why a day: a device silent that long was taken away, not down; the list shows the fleet. */
  forgetAfterMs?: number;
  /** Why 1 s: how late an offline change may be noticed; a map walk per second costs nothing. */
  checkEveryMs?: number;
  /** Where records are kept for other replicas and restarts; absent: memory only. */
  db?: Db;
  /** Why 30 s: last-seen times survive a restart to within this; six heartbeats cost one write. */
  persistEveryMs?: number;
  /** Why 10 s: a device deleted on another replica leaves this one's list within this. */
  syncEveryMs?: number;
};

type Entry = { record: DeviceRecord; lastSeen: number; online: boolean; firstSeen: number; persistedAt: number };
type Listener = (device: DeviceView) => void;

const DAY_MS = 24 * 3_600_000;
/** Why a week: an unconfigured device silent that long was replaced (a new id per start), not down. */
const PRUNE_UNCONFIGURED_AFTER_MS = 7 * DAY_MS;

export class DeviceRegistry {
  private readonly devices = new Map<string, Entry>();
  private readonly listeners = new Set<Listener>();
  private subscription?: BusSubscription;
  private timer?: NodeJS.Timeout;
  private readonly offlineAfter: number;
  private readonly forgetAfterMs: number;
  private readonly listeningSince = Date.now();
  private readonly recordListeners = new Set<(record: DeviceRecord) => void>();
  private syncTimer?: NodeJS.Timeout;
  private readonly db?: Db;
  private readonly persistEveryMs: number;
  private prunedAt = 0;
  /**
   * Each device's writes, in the order its records came: a stopping worker's last two records
   * (online, then offline) arrive within a millisecond, and the online one landing last (the
   * store keeps the later or equal time) showed a stopped device online to the next registry.
   */
  private readonly writes = new Map<string, Promise<void>>();

  private constructor(opts: DeviceRegistryOptions) {
    this.offlineAfter = opts.offlineAfterIntervals ?? BUS.deviceHeartbeat.offlineAfterIntervals;
    // Kept devices are forgotten only when an administrator deletes them.
    this.forgetAfterMs = opts.db ? Infinity : (opts.forgetAfterMs ?? DAY_MS);
    this.db = opts.db;
    this.persistEveryMs = opts.persistEveryMs ?? 30_000;
  }

  static async start(bus: Bus, opts: DeviceRegistryOptions = {}): Promise<DeviceRegistry> {
    const registry = new DeviceRegistry(opts);
    if (registry.db) await registry.sync();
    const subject = opts.subject ?? BUS.deviceHeartbeat.subject;
    registry.subscription = await subscribeTo(bus, BUS.deviceHeartbeat, (payload) => registry.receive(payload), { subject });
    // Every device reports now rather than within its interval (a restarted gateway routes at once).
    await bus.publish(reportAskSubject(subject), {}).catch((err) => console.error('device registry: asking for reports failed:', err));
    registry.timer = setInterval(() => registry.sweep(), opts.checkEveryMs ?? 1_000);
    registry.timer.unref();
    if (registry.db) {
      registry.syncTimer = setInterval(
        () => void registry.sync().catch((err) => console.error('device registry: sync failed:', err)),
        opts.syncEveryMs ?? 10_000,
      );
      registry.syncTimer.unref();
    }
    return registry;
  }

  /** Devices by pool, then id; optionally only one pool or only online ones. */
  list(filter: { pool?: string; online?: boolean } = {}): DeviceView[] {
    this.sweep();
    return [...this.devices.values()]
      .filter(
        (e) => (filter.pool === undefined || e.record.pool === filter.pool) && (filter.online === undefined || e.online === filter.online),
      )
      .map(view)
      .sort((a, b) => a.pool.localeCompare(b.pool) || a.device_id.localeCompare(b.device_id));
  }

  get(deviceId: string): DeviceView | undefined {
    this.sweep();
    const e = this.devices.get(deviceId);
    return e && view(e);
  }

  /**
   * Whether a device is gone: offline, or never heard of although this registry has listened
   * long enough to have heard its heartbeats (a registry that just started knows nobody yet).
   */
  isGone(deviceId: string): boolean {
    const device = this.get(deviceId);
    if (device) return !device.online;
    return Date.now() - this.listeningSince > this.offlineAfter * BUS.deviceHeartbeat.intervalMs;
  }

  /** Called with every heartbeat taken (the controller compares it with the settings). */
  onRecord(listener: (record: DeviceRecord) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /** Deletes an offline device's record (and settings) everywhere; false: it is online or unknown. */
  async forget(deviceId: string): Promise<boolean> {
    const e = this.devices.get(deviceId);
    if (e?.online) return false;
    this.devices.delete(deviceId);
    return this.db ? deleteDeviceRecord(this.db, deviceId) : e !== undefined;
  }

  /** Called when a device appears, goes offline or comes back. Returns the unsubscribe. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.syncTimer);
    await this.subscription?.unsubscribe();
    // What the throttle held back: the last-seen times a restart should find.
    if (this.db) for (const e of this.devices.values()) if (e.persistedAt < e.lastSeen) await this.persist(e).catch(() => {});
  }

  /**
   * Takes devices other replicas heard of (or kept before this one started) and drops those
   * deleted elsewhere; an online device stays (its next record is written again).
   */
  private async sync(): Promise<void> {
    if (Date.now() - this.prunedAt > 3_600_000) {
      this.prunedAt = Date.now();
      await pruneUnconfiguredDevices(this.db!, PRUNE_UNCONFIGURED_AFTER_MS);
    }
    // A record being written while the store is read is missing from what the read returns
    // without having been deleted anywhere: those (and any written after) are kept.
    const loadStarted = Date.now();
    const writing = new Set(this.writes.keys());
    const stored = await loadDeviceRecords(this.db!);
    const ids = new Set(stored.map((s) => s.record.device_id));
    for (const [id, e] of this.devices) {
      const unsure = writing.has(id) || e.persistedAt >= loadStarted;
      if (!ids.has(id) && !e.online && e.persistedAt > 0 && !unsure) this.devices.delete(id);
    }
    const now = Date.now();
    for (const s of stored) {
      const e = this.devices.get(s.record.device_id);
      if (e) {
        e.firstSeen = Math.min(e.firstSeen, s.firstSeen.getTime());
        continue;
      }
      const lastSeen = s.lastSeen.getTime();
      const online = s.record.status === 'online' && now - lastSeen <= this.offlineAfter * s.record.heartbeat_ms;
      this.devices.set(s.record.device_id, { record: s.record, lastSeen, online, firstSeen: s.firstSeen.getTime(), persistedAt: lastSeen });
    }
  }

  private persist(e: Entry): Promise<void> {
    e.persistedAt = Date.now();
    const id = e.record.device_id;
    const [record, seen] = [e.record, new Date(e.lastSeen)];
    const write = (this.writes.get(id) ?? Promise.resolve()).catch(() => {}).then(() => saveDeviceRecord(this.db!, record, seen));
    this.writes.set(id, write);
    void write
      .finally(() => {
        if (this.writes.get(id) === write) this.writes.delete(id);
      })
      .catch(() => {});
    return write;
  }

  private receive(payload: DeviceRecord): void {
    const prev = this.devices.get(payload.device_id);
    // Events may overtake each other; a restarted process (new started_at) always wins.
    if (prev && prev.record.started_at === payload.started_at && prev.record.reported_at > payload.reported_at) return;
    const now = Date.now();
    const entry: Entry = {
      record: payload,
      lastSeen: now,
      online: payload.status === 'online',
      firstSeen: prev?.firstSeen ?? now,
      persistedAt: prev?.persistedAt ?? 0,
    };
    this.devices.set(payload.device_id, entry);
    if (!prev || prev.online !== entry.online) this.notify(entry);
    const changed = !prev || prev.online !== entry.online || prev.record.state !== payload.state || prev.record.pool !== payload.pool;
    if (this.db && (changed || now - entry.persistedAt >= this.persistEveryMs)) {
      this.persist(entry).catch((err) => console.error('device registry: keeping a record failed:', err));
    }
    for (const l of this.recordListeners) {
      try {
        l(payload);
      } catch (err) {
        console.error('device registry: a record listener failed:', err);
      }
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, e] of this.devices) {
      const silentMs = now - e.lastSeen;
      if (e.online && silentMs > this.offlineAfter * e.record.heartbeat_ms) {
        e.online = false;
        this.notify(e);
      }
      if (silentMs > this.forgetAfterMs) this.devices.delete(id);
    }
  }

  private notify(e: Entry): void {
    for (const l of this.listeners) {
      try {
        l(view(e));
      } catch (err) {
        console.error('device registry: a change listener failed:', err);
      }
    }
  }
}

function view(e: Entry): DeviceView {
  return {
    ...e.record,
    online: e.online,
    last_seen_at: new Date(e.lastSeen).toISOString(),
    first_seen_at: new Date(e.firstSeen).toISOString(),
  };
}
