/**
 * The models directory: one folder per pair (`MODELS_DIR/en-us_zh-cn`). Lists what is
 * installed, resolves a requested pair to a direct model or a pivot through English, loads
 * engines once and translates, refusing unavailable pairs with PairUnavailableError.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '@mtp/proto';
import { ThreadedEngine, type TranslationEngine } from '../engine/engine-thread';
import { MarianEngine, type EngineOptions, type TranslateOptions } from '../engine/marian-engine';
import { findModelFiles } from '../engine/model-files';
import { MtError, PairUnavailableError } from '../errors';
import { loadMtSettings, type MtSettings } from '../settings';
import { pairName, parsePairName, PIVOT, type Pair } from './pairs';
import { BusyClock } from './busy-clock';
import { translateChain } from './translate-chain';

export type InstalledModel = { name: string; pair: Pair; dir: string; problem: string | undefined };

export type Resolution = { kind: 'direct' | 'pivot' | 'unavailable'; legs: Pair[] };

export type RegistryTranslation = { translations: string[]; kind: 'direct' | 'pivot'; engine: string };

export type RegistryOptions = {
  /**
   * Each engine in its own worker thread (ThreadedEngine), as the platform and the worker
   * process run them, so translating never blocks the process's event loop. Off: in this thread.
   */
  engineThreads?: boolean;
};

export class ModelRegistry {
  private readonly engines = new Map<string, Promise<TranslationEngine>>();
  /** Time with a translation in progress on this registry's engines. */
  readonly busy = new BusyClock();

  constructor(
    readonly modelsDir: string,
    private readonly engineOptions: EngineOptions = {},
    private readonly registryOptions: RegistryOptions = {},
  ) {}

  /** The registry the worker runs with: MODELS_DIR and the engine settings from the environment. */
  static fromSettings(settings: MtSettings = loadMtSettings(), registryOptions: RegistryOptions = {}): ModelRegistry {
    const { modelsDir, threads, spin, provider, quantized, batchSize, maxLength } = settings;
    return new ModelRegistry(modelsDir, { threads, spin, provider, quantized, batchSize, maxLength }, registryOptions);
  }

  /** Folders named like a pair; `problem` says why one is unusable (a missing file). Read fresh each call. */
  listInstalled(): InstalledModel[] {
    let names: string[];
    try {
      names = readdirSync(this.modelsDir);
    } catch {
      return [];
    }
    const out: InstalledModel[] = [];
    for (const name of names.sort()) {
      const pair = parsePairName(name);
      const dir = path.join(this.modelsDir, name);
      if (!pair || !statSync(dir).isDirectory()) continue;
      let problem: string | undefined;
      try {
        findModelFiles(dir, { quantized: this.engineOptions.quantized });
      } catch (err) {
        problem = err instanceof MtError ? err.message : String(err);
      }
      out.push({ name, pair, dir, problem });
    }
    return out;
  }

  /** Pairs with a usable model folder. */
  listPairs(): Pair[] {
    return this.listInstalled()
      .filter((m) => !m.problem)
      .map((m) => m.pair);
  }

  resolvePair(src: LanguageCode, tgt: LanguageCode): Resolution {
    if (src === tgt) return { kind: 'unavailable', legs: [] };
    const usable = new Set(this.listPairs().map(pairName));
    const direct = { src, tgt };
    if (usable.has(pairName(direct))) return { kind: 'direct', legs: [direct] };
    if (src !== PIVOT && tgt !== PIVOT) {
      const legs = [
        { src, tgt: PIVOT },
        { src: PIVOT, tgt },
      ];
      if (legs.every((l) => usable.has(pairName(l)))) return { kind: 'pivot', legs };
    }
    return { kind: 'unavailable', legs: [] };
  }

  /**
   * The loaded engine of an installed pair (loaded once, then shared). An engine whose thread
   * has ended (a crash, out of memory) is loaded again instead of failing every later call.
   */
  async engine(pair: Pair): Promise<TranslationEngine> {
    const name = pairName(pair);
    const cached = this.engines.get(name);
    if (cached) {
      const engine = await cached;
      if (engine.alive !== false) return engine;
      // Another caller may already have started loading it again.
      if (this.engines.get(name) !== cached) return this.engine(pair);
    }
    const dir = path.join(this.modelsDir, name);
    const options = { ...this.engineOptions, sourceLang: pair.src, targetLang: pair.tgt };
    const loading = this.registryOptions.engineThreads ? ThreadedEngine.load(dir, options) : MarianEngine.load(dir, options);
    // A failed load is not cached: the folder may be fixed or pulled later.
    loading.catch(() => {
      if (this.engines.get(name) === loading) this.engines.delete(name);
    });
    this.engines.set(name, loading);
    return loading;
  }

  async translate(
    src: LanguageCode,
    tgt: LanguageCode,
    texts: readonly string[],
    options?: TranslateOptions,
  ): Promise<RegistryTranslation> {
    const resolution = this.resolvePair(src, tgt);
    if (resolution.kind === 'unavailable') {
      const pivot = src === PIVOT || tgt === PIVOT ? '' : ` and no ${src}_${PIVOT} + ${PIVOT}_${tgt} models for a pivot`;
      const reason = src === tgt ? 'source and target are the same language' : `no ${src}_${tgt} model in ${this.modelsDir}${pivot}`;
      throw new PairUnavailableError(src, tgt, reason);
    }
    const engines = await Promise.all(resolution.legs.map((leg) => this.engine(leg)));
    const translations = await this.busy.time(() => translateChain(engines, texts, options));
    const engine =
      resolution.kind === 'direct'
        ? `local:${pairName(resolution.legs[0]!)}@${engines[0]!.modelVersion}`
        : `pivot:${[src, ...resolution.legs.map((l) => l.tgt)].join('>')}`;
    return { translations, kind: resolution.kind, engine };
  }

  async close(): Promise<void> {
    const engines = [...this.engines.values()];
    this.engines.clear();
    await Promise.all(engines.map(async (e) => (await e.catch(() => undefined))?.dispose()));
  }
}
