/** How a worker names the engine and model version of a pair it translates (direct or pivot). */
import type { LanguageCode } from '@mtp/proto';
import type { ModelRegistry } from '../models/model-registry';
import { pairName } from '../models/pairs';

export type RouteDescription = { engine: string; modelVersion: string };

export async function describeRoute(registry: ModelRegistry, src: LanguageCode, tgt: LanguageCode): Promise<RouteDescription | null> {
  const resolution = registry.resolvePair(src, tgt);
  if (resolution.kind === 'unavailable') return null;
  const engines = await Promise.all(resolution.legs.map((leg) => registry.engine(leg)));
  const versions = engines.map((e) => e.modelVersion);
  if (resolution.kind === 'direct') return { engine: `local:${pairName(resolution.legs[0]!)}@${versions[0]}`, modelVersion: versions[0]! };
  return { engine: `pivot:${[src, ...resolution.legs.map((l) => l.tgt)].join('>')}`, modelVersion: versions.join('+') };
}
