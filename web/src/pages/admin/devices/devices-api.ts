/** The device calls (`admin/devices...`, proto/src/ops-devices.ts), the dead letters and the enterprises to assign to. */
import { queryOptions } from '@tanstack/react-query';
import type {
  CompanyListData,
  DeadLettersData,
  DeviceAdminState,
  DeviceItem,
  DevicePoolsData,
  DevicesData,
  PoolFallback,
} from '@mtp/proto';
import { api } from '../../../api/instance';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

/** Why 3 s: a drain or a heartbeat shows on the page about as soon as the registry hears it. */
export const DEVICES_POLL_MS = 3_000;
export const DEAD_LETTER_PAGE_SIZE = 20;

export const devicesKey = (user: SessionUser) => [...userKey(user), 'devices'] as const;

export const devicesQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...devicesKey(user), 'list'] as const,
    queryFn: () => api.get<DevicesData>('admin/devices'),
    refetchInterval: DEVICES_POLL_MS,
  });

export const devicePoolsQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...devicesKey(user), 'pools'] as const,
    queryFn: () => api.get<DevicePoolsData>('admin/device_pools'),
    refetchInterval: DEVICES_POLL_MS,
  });

/** Enterprises to assign devices to (the first 100: a select, not a search). */
export const enterpriseChoicesQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...devicesKey(user), 'enterprises'] as const,
    queryFn: () => api.get<CompanyListData>('company/list', { page: 1, page_size: 100 }),
  });

export const deadLettersQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({
    queryKey: [...devicesKey(user), 'dead-letters', page] as const,
    queryFn: () => api.get<DeadLettersData>('admin/dead_letters', { page, page_size: DEAD_LETTER_PAGE_SIZE }),
    refetchInterval: DEVICES_POLL_MS * 5,
  });

const devicePath = (id: string) => `admin/devices/${encodeURIComponent(id)}`;
export const setDeviceState = (id: string, state: DeviceAdminState) => api.post<DeviceItem>(`${devicePath(id)}/state`, { state });
export const assignDevice = (id: string, siteId: number | null) => api.post<DeviceItem>(`${devicePath(id)}/pool`, { site_id: siteId });
export const deleteDevice = (id: string) => api.request<null>(devicePath(id), { method: 'DELETE' });
export const setPoolFallback = (siteId: number, fallback: PoolFallback) =>
  api.post<DevicePoolsData>('admin/device_pools', { site_id: siteId, fallback });
