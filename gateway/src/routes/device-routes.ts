/**
 * Device management (`/device-mgr`, issue 19; proto/src/ops-devices.ts): the platform
 * administrator lists every worker and enables, disables, drains, assigns or deletes one, and
 * sets each enterprise's fallback. Every change writes its system-log line in its transaction.
 */
import { assertPlatformAdmin, recordAction } from '@mtp/accounts';
import {
  assignDevice,
  deleteDevice,
  listDeviceItems,
  listDevicePools,
  setDeviceState,
  setPoolFallback,
  type AuditChange,
  type DeviceController,
  type DeviceRegistry,
} from '@mtp/ops';
import type { Db } from '@mtp/platform';
import {
  DEFAULT_POOL_FALLBACK,
  DeviceIdParams,
  DeviceItem,
  DevicePoolBody,
  DevicePoolsData,
  DevicesData,
  DeviceStateBody,
  PoolFallbackBody,
  Reply,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';

export type DeviceRouteDeps = { db: Db; registry: DeviceRegistry; controller: DeviceController };

export const deviceRoutes: FastifyPluginAsyncTypebox<DeviceRouteDeps> = async (app, deps) => {
  const admin = (req: FastifyRequest) => assertPlatformAdmin(deps.db, requireUser(req));
  const audit =
    (req: FastifyRequest, action: string, targetType: string, targetId: string | number): AuditChange =>
    (client, change) =>
      recordAction(client, requestActor(req), { action, targetType, targetId, ...change });

  app.get('/admin/devices', { schema: { response: { 200: Reply(DevicesData) } } }, async (req) => {
    await admin(req);
    return ok(req, { list: listDeviceItems(deps), shared_pool: deps.controller.sharedPool, default_fallback: DEFAULT_POOL_FALLBACK });
  });

  app.post(
    '/admin/devices/:device_id/state',
    { schema: { params: DeviceIdParams, body: DeviceStateBody, response: { 200: Reply(DeviceItem) } } },
    async (req) => {
      await admin(req);
      const id = req.params.device_id;
      const item = await setDeviceState(deps, id, req.body.state, audit(req, 'device.state', 'device', id));
      req.log.info({ device: id, state: req.body.state }, 'device state set');
      return ok(req, item);
    },
  );

  app.post(
    '/admin/devices/:device_id/pool',
    { schema: { params: DeviceIdParams, body: DevicePoolBody, response: { 200: Reply(DeviceItem) } } },
    async (req) => {
      await admin(req);
      const id = req.params.device_id;
      const item = await assignDevice(deps, id, req.body.site_id, audit(req, 'device.assign', 'device', id));
      req.log.info({ device: id, site: req.body.site_id }, 'device assigned');
      return ok(req, item);
    },
  );

  app.delete('/admin/devices/:device_id', { schema: { params: DeviceIdParams } }, async (req) => {
    await admin(req);
    const id = req.params.device_id;
    await deleteDevice(deps, id, audit(req, 'device.delete', 'device', id), deps.db);
    return ok(req, null);
  });

  app.get('/admin/device_pools', { schema: { response: { 200: Reply(DevicePoolsData) } } }, async (req) => {
    await admin(req);
    return ok(req, { list: listDevicePools(deps), default_fallback: DEFAULT_POOL_FALLBACK });
  });

  app.post('/admin/device_pools', { schema: { body: PoolFallbackBody, response: { 200: Reply(DevicePoolsData) } } }, async (req) => {
    await admin(req);
    const { site_id: siteId, fallback } = req.body;
    await setPoolFallback(deps, siteId, fallback, audit(req, 'device_pool.fallback', 'site', siteId));
    return ok(req, { list: listDevicePools(deps), default_fallback: DEFAULT_POOL_FALLBACK });
  });
};
