/**
 * Devices in PostgreSQL, the truth every gateway replica shares: the latest record of each worker
 * (so the admin list keeps offline devices and their last-seen time across restarts), what an
 * administrator set for each device, and each enterprise's pool fallback.
 */
import type { Db } from '@mtp/platform';
import { DEFAULT_POOL_FALLBACK, type DeviceAdminState, type DeviceRecord, type PoolFallback } from '@mtp/proto';

/** A pool or a transaction's client: a change and its system-log line commit together. */
export type Queryable = Pick<Db, 'query'>;

export type StoredDevice = { record: DeviceRecord; firstSeen: Date; lastSeen: Date };
export type DeviceSetting = { device_id: string; state: DeviceAdminState; site_id: number | null };

/** Writes a record unless a replica already stored a fresher one. */
export async function saveDeviceRecord(db: Queryable, record: DeviceRecord, seenAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO devices (device_id, role, record, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (device_id) DO UPDATE SET role = EXCLUDED.role, record = EXCLUDED.record, last_seen_at = EXCLUDED.last_seen_at
     WHERE devices.last_seen_at <= EXCLUDED.last_seen_at`,
    [record.device_id, record.role ?? 'mt', JSON.stringify(record), seenAt],
  );
}

export async function loadDeviceRecords(db: Queryable): Promise<StoredDevice[]> {
  const { rows } = await db.query<{ record: DeviceRecord; first_seen_at: Date; last_seen_at: Date }>(
    'SELECT record, first_seen_at, last_seen_at FROM devices',
  );
  return rows.map((r) => ({ record: r.record, firstSeen: r.first_seen_at, lastSeen: r.last_seen_at }));
}

/** Forgets a device: its record and its settings (a worker that comes back starts afresh). */
export async function deleteDeviceRecord(db: Queryable, deviceId: string): Promise<boolean> {
  await db.query('DELETE FROM device_settings WHERE device_id = $1', [deviceId]);
  const { rowCount } = await db.query('DELETE FROM devices WHERE device_id = $1', [deviceId]);
  return (rowCount ?? 0) > 0;
}

export async function loadDeviceSettings(db: Queryable): Promise<Map<string, DeviceSetting>> {
  const { rows } = await db.query<DeviceSetting>('SELECT device_id, state, site_id FROM device_settings');
  return new Map(rows.map((r) => [r.device_id, r]));
}

/** Sets what was given and answers the settings before (the defaults for a device without a row). */
export async function saveDeviceSetting(
  db: Queryable,
  deviceId: string,
  change: { state: DeviceAdminState } | { site_id: number | null },
): Promise<{ before: DeviceSetting; after: DeviceSetting }> {
  const { rows } = await db.query<DeviceSetting>('SELECT device_id, state, site_id FROM device_settings WHERE device_id = $1 FOR UPDATE', [
    deviceId,
  ]);
  const before: DeviceSetting = rows[0] ?? { device_id: deviceId, state: 'enabled', site_id: null };
  const after: DeviceSetting = { ...before, ...change };
  await db.query(
    `INSERT INTO device_settings (device_id, state, site_id) VALUES ($1, $2, $3)
     ON CONFLICT (device_id) DO UPDATE SET state = EXCLUDED.state, site_id = EXCLUDED.site_id, updated_at = now()`,
    [deviceId, after.state, after.site_id],
  );
  return { before, after };
}

export async function loadPoolFallbacks(db: Queryable): Promise<Map<number, PoolFallback>> {
  const { rows } = await db.query<{ site_id: number; fallback: PoolFallback }>('SELECT site_id, fallback FROM enterprise_pool_settings');
  return new Map(rows.map((r) => [r.site_id, r.fallback]));
}

export async function savePoolFallback(db: Queryable, siteId: number, fallback: PoolFallback): Promise<PoolFallback> {
  const { rows } = await db.query<{ fallback: PoolFallback }>(
    'SELECT fallback FROM enterprise_pool_settings WHERE site_id = $1 FOR UPDATE',
    [siteId],
  );
  await db.query(
    `INSERT INTO enterprise_pool_settings (site_id, fallback) VALUES ($1, $2)
     ON CONFLICT (site_id) DO UPDATE SET fallback = EXCLUDED.fallback, updated_at = now()`,
    [siteId, fallback],
  );
  return rows[0]?.fallback ?? DEFAULT_POOL_FALLBACK;
}

/**
 * Drops devices nobody configured that have been silent this long: a single-machine install's
 * in-process workers get a new id each start, and their old records should not pile up. A device
 * an administrator set something for stays until deleted.
 */
export async function pruneUnconfiguredDevices(db: Queryable, silentMs: number): Promise<void> {
  await db.query(
    `DELETE FROM devices d WHERE d.last_seen_at < now() - make_interval(secs => $1::double precision / 1000)
       AND NOT EXISTS (SELECT 1 FROM device_settings s WHERE s.device_id = d.device_id)`,
    [silentMs],
  );
}
