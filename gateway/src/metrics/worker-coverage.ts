/**
 * Part of the gateway's /readyz: whether a live worker serves each language pair this gateway's
 * pool offers, read from the device registry's heartbeats (the same records /device-mgr lists;
 * on a single machine the in-process worker reports there too).
 *
 * The pairs "offered" are those of the pool's MT devices that are online, or went quiet within
 * OFFERED_MEMORY_MS, and that no administrator drained or disabled. A pair whose every worker
 * crashed keeps the gateway unready for that long, so a load balancer prefers a replica that can
 * translate it; past it the pair is simply not offered (route() says so to the user) and the
 * gateway is ready again, so one lost model never keeps the whole site out of rotation.
 */
import type { DeviceView } from '@mtp/ops';

/** Why 5 minutes: a crashed worker pod is rescheduled and loads its models well within it. */
export const OFFERED_MEMORY_MS = 5 * 60_000;

/** An administrator took the device out of service on purpose: its pairs are not expected. */
const OUT_OF_SERVICE = new Set(['draining', 'drained', 'disabled']);

export type WorkerCoverage = { served: string[]; withoutWorker: string[] };

export function workerCoverage(devices: DeviceView[], pool: string, now = Date.now()): WorkerCoverage {
  const offered = new Set<string>();
  const served = new Set<string>();
  for (const d of devices) {
    if ((d.role ?? 'mt') !== 'mt' || d.pool !== pool || OUT_OF_SERVICE.has(d.state ?? 'enabled')) continue;
    const recent = d.online || now - Date.parse(d.last_seen_at) <= OFFERED_MEMORY_MS;
    for (const pair of d.loaded_pairs) {
      if (recent) offered.add(pair);
      if (d.online) served.add(pair);
    }
  }
  return { served: [...served].sort(), withoutWorker: [...offered].filter((p) => !served.has(p)).sort() };
}
