/**
 * The device registry: listens to worker heartbeats and keeps the latest record of each device,
 * for the admin device screens and for routing decisions. A device is online while its
 * heartbeats keep coming; after `offlineAfterIntervals` of its own intervals without one, or
 * on its clean `offline` record, it is offline. Times are this process's receipt times, so the
 * clocks of worker hosts do not matter.
 */
import { subscribeTo, type Bus, type BusSubscription } from '@mtp/platform';
import { BUS, type DeviceRecord } from '@mtp/proto';

export type DeviceView = DeviceRecord & {
  online: boolean;
  /** When this registry last heard from the device. */
  last_seen_at: string;
};

export type DeviceRegistryOptions = {
  subject?: string;
  offlineAfterIntervals?: number;
  /** Why a day: a device silent that long was taken away, not down; the list shows the fleet. */
  forgetAfterMs?: number;
  /** Why 1 s: how late an offline change may be noticed; a map walk per second costs nothing. */
  checkEveryMs?: number;
};

type Entry = { record: DeviceRecord; lastSeen: number; online: boolean };
type Listener = (device: DeviceView) => void;

const DAY_MS = 24 * 3_600_000;

export class DeviceRegistry {
  private readonly devices = new Map<string, Entry>();
  private readonly listeners = new Set<Listener>();
  private subscription?: BusSubscription;
  private timer?: NodeJS.Timeout;
  private readonly offlineAfter: number;
  private readonly forgetAfterMs: number;
  private readonly listeningSince = Date.now();

  private constructor(opts: DeviceRegistryOptions) {
    this.offlineAfter = opts.offlineAfterIntervals ?? BUS.deviceHeartbeat.offlineAfterIntervals;
    this.forgetAfterMs = opts.forgetAfterMs ?? DAY_MS;
  }

  static async start(bus: Bus, opts: DeviceRegistryOptions = {}): Promise<DeviceRegistry> {
    const registry = new DeviceRegistry(opts);
    registry.subscription = await subscribeTo(bus, BUS.deviceHeartbeat, (payload) => registry.receive(payload), { subject: opts.subject });
    registry.timer = setInterval(() => registry.sweep(), opts.checkEveryMs ?? 1_000);
    registry.timer.unref();
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

  /** Called when a device appears, goes offline or comes back. Returns the unsubscribe. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.subscription?.unsubscribe();
  }

  private receive(payload: DeviceRecord): void {
    const prev = this.devices.get(payload.device_id);
    // Events may overtake each other; a restarted process (new started_at) always wins.
    if (prev && prev.record.started_at === payload.started_at && prev.record.reported_at > payload.reported_at) return;
    const entry: Entry = { record: payload, lastSeen: Date.now(), online: payload.status === 'online' };
    this.devices.set(payload.device_id, entry);
    if (!prev || prev.online !== entry.online) this.notify(entry);
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
  return { ...e.record, online: e.online, last_seen_at: new Date(e.lastSeen).toISOString() };
}
