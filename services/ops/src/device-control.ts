/**
 * The device controller (every gateway replica runs one): keeps the administrators' device
 * settings and enterprise fallbacks in memory (reloaded every few seconds, at once after a change
 * made here), answers starting workers that ask for their settings (`devices.settings`), and
 * compares every heartbeat with the settings, sending `devices.<id>.control` while a worker's
 * state or pool differs. Which replica hears a heartbeat does not matter: each would send the same
 * message, and a worker takes a repeated one as a no-op.
 *
 * It also chooses the pool of an enterprise's work (`poolFor`): see the README ("Enterprise pools").
 */
import { publishEventTo, serveRequestsOf, type Bus, type BusSubscription, type Db } from '@mtp/platform';
import {
  BUS,
  DEFAULT_POOL_FALLBACK,
  enterprisePool,
  type DeviceControl,
  type DeviceRecord,
  type DeviceSettingsRequest,
  type DeviceState,
  type PoolFallback,
} from '@mtp/proto';
import type { DeviceRegistry } from './device-registry';
import { loadDeviceSettings, loadPoolFallbacks, type DeviceSetting } from './device-store';

export type DeviceControllerOptions = {
  bus: Bus;
  db: Db;
  registry: DeviceRegistry;
  /** The pool of the shared devices (MT_POOL of the gateway, `default`). */
  sharedPool: string;
  /** Why 5 s: a change made on another replica reaches this one's routing within a heartbeat. */
  refreshEveryMs?: number;
};

/** Where one enterprise's work goes now. `waiting`: its own pool, though no device serves it yet. */
export type PoolChoice = { pool: string; dedicated: boolean; waiting: boolean };

/** Whether what a worker reports already carries out what the administrator set. */
export function stateSatisfies(wanted: DeviceControl['state'], reported: DeviceState): boolean {
  if (wanted === 'enabled') return reported === 'enabled';
  if (wanted === 'draining') return reported === 'draining' || reported === 'drained';
  // A disabled worker finishing its jobs says `draining` until it is done.
  return reported === 'disabled' || reported === 'draining';
}

export class DeviceController {
  private settings = new Map<string, DeviceSetting>();
  private fallbacks = new Map<number, PoolFallback>();
  private readonly sentAt = new Map<string, number>();
  /** Refreshes overlap (the timer, a change made here): only one started later may replace what a read saw. */
  private refreshesStarted = 0;
  private appliedRefresh = 0;
  private server?: BusSubscription;
  private stopListening?: () => void;
  private timer?: NodeJS.Timeout;

  private constructor(private readonly opts: DeviceControllerOptions) {}

  static async start(opts: DeviceControllerOptions): Promise<DeviceController> {
    const c = new DeviceController(opts);
    await c.refresh();
    c.server = await serveRequestsOf(opts.bus, BUS.deviceSettings, (req): DeviceControl => {
      return c.controlOf(req.device_id, req) ?? { device_id: req.device_id, state: 'enabled', pool: req.pool };
    });
    c.stopListening = opts.registry.onRecord((record) => c.reconcile(record));
    c.timer = setInterval(
      () => void c.refresh().catch((err) => console.error('device controller: refresh failed:', err)),
      opts.refreshEveryMs ?? 5_000,
    );
    c.timer.unref();
    return c;
  }

  get sharedPool(): string {
    return this.opts.sharedPool;
  }

  async refresh(): Promise<void> {
    const started = ++this.refreshesStarted;
    const [settings, fallbacks] = await Promise.all([loadDeviceSettings(this.opts.db), loadPoolFallbacks(this.opts.db)]);
    // A timer read that began before a change committed must not undo the read made after it.
    if (started < this.appliedRefresh) return;
    this.appliedRefresh = started;
    [this.settings, this.fallbacks] = [settings, fallbacks];
  }

  settingOf(deviceId: string): DeviceSetting | undefined {
    return this.settings.get(deviceId);
  }

  fallbackOf(siteId: number): PoolFallback {
    return this.fallbacks.get(siteId) ?? DEFAULT_POOL_FALLBACK;
  }

  /** Enterprises with devices assigned or a fallback set. */
  enterprises(): number[] {
    const ids = new Set<number>(this.fallbacks.keys());
    for (const s of this.settings.values()) if (s.site_id !== null) ids.add(s.site_id);
    return [...ids].sort((a, b) => a - b);
  }

  /** Devices assigned to an enterprise, and those of them online and enabled (they take its work). */
  poolDevices(siteId: number): { assigned: string[]; serving: string[] } {
    const assigned = [...this.settings.values()].filter((s) => s.site_id === siteId).map((s) => s.device_id);
    const pool = enterprisePool(siteId);
    const serving = assigned.filter((id) => {
      const d = this.opts.registry.get(id);
      return d?.online && d.pool === pool && (d.state ?? 'enabled') === 'enabled' && this.settings.get(id)?.state === 'enabled';
    });
    return { assigned, serving };
  }

  /**
   * The pool of a user's work, from their enterprise (`null`: the main site). An enterprise
   * without devices uses the shared pool; with devices, its own pool, or while none of them
   * serves, its own pool anyway (`wait`) or the shared one (`shared`). Nobody else is ever sent
   * to an enterprise's pool.
   */
  poolFor(siteId: number | null): PoolChoice {
    const shared: PoolChoice = { pool: this.opts.sharedPool, dedicated: false, waiting: false };
    if (siteId === null) return shared;
    const { assigned, serving } = this.poolDevices(siteId);
    if (assigned.length === 0) return shared;
    if (serving.length > 0) return { pool: enterprisePool(siteId), dedicated: true, waiting: false };
    return this.fallbackOf(siteId) === 'wait' ? { pool: enterprisePool(siteId), dedicated: true, waiting: true } : shared;
  }

  /** What a device must be told; null: no administrator set anything for it (it keeps its own). */
  controlOf(deviceId: string, current: Pick<DeviceSettingsRequest, 'role' | 'pool'>): DeviceControl | null {
    const s = this.settings.get(deviceId);
    if (!s) return null;
    // Only MT devices join enterprise pools; a document worker keeps the pool it started with.
    const pool = current.role === 'mt' ? (s.site_id === null ? this.opts.sharedPool : enterprisePool(s.site_id)) : current.pool;
    return { device_id: deviceId, state: s.state, pool };
  }

  /** Tells a device its settings now (after a change), whatever it last reported. */
  async push(deviceId: string): Promise<void> {
    const d = this.opts.registry.get(deviceId);
    const control = d && this.controlOf(deviceId, { role: d.role ?? 'mt', pool: d.pool });
    if (!control) return;
    this.sentAt.set(deviceId, Date.now());
    await publishEventTo(this.opts.bus, BUS.deviceControl, control, { worker: deviceId });
  }

  private reconcile(record: DeviceRecord): void {
    if (record.status !== 'online') return;
    const control = this.controlOf(record.device_id, { role: record.role ?? 'mt', pool: record.pool });
    if (!control) return;
    if (stateSatisfies(control.state, record.state ?? 'enabled') && control.pool === record.pool) return;
    if (Date.now() - (this.sentAt.get(record.device_id) ?? 0) < BUS.deviceControl.resendAfterMs) return;
    this.sentAt.set(record.device_id, Date.now());
    publishEventTo(this.opts.bus, BUS.deviceControl, control, { worker: record.device_id }).catch((err) =>
      console.error(`device controller: telling ${record.device_id} its settings failed:`, err),
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopListening?.();
    await this.server?.unsubscribe();
  }
}
