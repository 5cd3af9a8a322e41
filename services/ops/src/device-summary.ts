/**
 * The device figure of the admin home page: how many devices (worker processes) the registry
 * hears from now, whatever their pool.
 */
import type { DeviceRegistry } from './device-registry';

export function countDevicesUp(registry: Pick<DeviceRegistry, 'list'>): number {
  return registry.list({ online: true }).length;
}
