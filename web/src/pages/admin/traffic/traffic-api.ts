/** The traffic-limit calls (`admin/traffic...`, proto/src/ops-traffic.ts) and their queries, cached per user. */
import { queryOptions } from '@tanstack/react-query';
import type {
  FrequencyLimitBody,
  LoginLimitsBody,
  TrafficOverrideBody,
  TrafficOverrideItem,
  TrafficOverrideKey,
  TrafficOverridesData,
  TrafficOverridesQuery,
  TrafficSettingsData,
} from '@mtp/proto';
import { api } from '../../../api/instance';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const TRAFFIC_PATHS = {
  settings: 'admin/traffic',
  overrides: 'admin/traffic/overrides',
  setDefault: 'admin/traffic/default',
  setLogin: 'admin/traffic/login',
  deleteOverride: 'admin/traffic/overrides/delete',
} as const;
export const TRAFFIC_PAGE_SIZE = 10;

export const trafficKey = (user: SessionUser) => [...userKey(user), 'traffic'] as const;

export const trafficSettingsQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...trafficKey(user), 'settings'] as const,
    queryFn: () => api.get<TrafficSettingsData>(TRAFFIC_PATHS.settings),
  });

export const trafficOverridesQueryOptions = (user: SessionUser, query: TrafficOverridesQuery) =>
  queryOptions({
    queryKey: [...trafficKey(user), 'overrides', query] as const,
    queryFn: () => api.get<TrafficOverridesData>(TRAFFIC_PATHS.overrides, { page_size: TRAFFIC_PAGE_SIZE, ...query }),
  });

export const saveDefaultLimit = (body: FrequencyLimitBody) => api.post<TrafficSettingsData>(TRAFFIC_PATHS.setDefault, body);
export const saveLoginLimits = (body: LoginLimitsBody) => api.post<TrafficSettingsData>(TRAFFIC_PATHS.setLogin, body);
export const saveOverride = (body: TrafficOverrideBody) => api.post<TrafficOverrideItem>(TRAFFIC_PATHS.overrides, body);
export const removeOverride = (key: TrafficOverrideKey) => api.post<TrafficOverrideItem>(TRAFFIC_PATHS.deleteOverride, key);
