/**
 * The engines one worker translates with, in order of preference: the local ONNX models (a
 * direct model, else a pivot through English), then a remote chat-completions engine for the
 * pairs it is configured for. Termbase entries reach the remote engine's prompt; the local
 * engine enforces terms with the TM/termbase matching of a later issue.
 */
import type { GlossaryEntry, LanguageCode } from '@mtp/proto';
import { LANGUAGES } from '@mtp/proto';
import { PairUnavailableError } from '../errors';
import type { ModelRegistry } from '../models/model-registry';
import { pairName } from '../models/pairs';
import type { RemoteChatEngine } from '../remote/remote-chat-engine';

export type RouteDescription = { engine: string; modelVersion: string; kind: 'local' | 'remote' };

export class PairTranslators {
  constructor(
    readonly registry: ModelRegistry,
    readonly remote: RemoteChatEngine | null = null,
  ) {}

  async describe(src: LanguageCode, tgt: LanguageCode): Promise<RouteDescription | null> {
    const resolution = this.registry.resolvePair(src, tgt);
    if (resolution.kind !== 'unavailable') {
      const engines = await Promise.all(resolution.legs.map((leg) => this.registry.engine(leg)));
      const versions = engines.map((e) => e.modelVersion);
      if (resolution.kind === 'direct') {
        return { engine: `local:${pairName(resolution.legs[0]!)}@${versions[0]}`, modelVersion: versions[0]!, kind: 'local' };
      }
      return { engine: `pivot:${[src, ...resolution.legs.map((l) => l.tgt)].join('>')}`, modelVersion: versions.join('+'), kind: 'local' };
    }
    if (this.remote?.supports(src, tgt)) return { engine: this.remote.engineName, modelVersion: this.remote.modelVersion, kind: 'remote' };
    return null;
  }

  async translate(src: LanguageCode, tgt: LanguageCode, texts: readonly string[], glossary?: readonly GlossaryEntry[]): Promise<string[]> {
    const route = await this.describe(src, tgt);
    if (!route) throw new PairUnavailableError(src, tgt);
    if (route.kind === 'remote') return this.remote!.translate(texts, { src, tgt, glossary: glossary ? [...glossary] : undefined });
    return (await this.registry.translate(src, tgt, texts)).translations;
  }

  /** Every pair this worker can translate with the version of what translates it (`src_tgt` → version). */
  async versions(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const src of LANGUAGES) {
      for (const tgt of LANGUAGES) {
        if (src === tgt) continue;
        const route =
          this.registry.resolvePair(src, tgt).kind === 'direct' || this.remote?.supports(src, tgt) ? await this.describe(src, tgt) : null;
        if (route) out[`${src}_${tgt}`] = route.modelVersion;
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await this.registry.close();
  }
}
