/**
 * Interactive text over request-reply: requests for one pair are batched dynamically (a few
 * milliseconds of gathering) and translated together by the registry's engines.
 */
import { BUS } from '@mtp/proto';
import { serveRequestsOf, type Bus, type BusSubscription } from '@mtp/platform';
import type { LanguageCode } from '@mtp/proto';
import { PairUnavailableError } from '../errors';
import { DynamicBatcher } from './dynamic-batcher';
import type { PairTranslators } from './pair-translators';
import type { WorkerStats } from './worker-stats';

/** Why 5 ms: long enough for requests arriving together to share a batch, short next to a translation. */
export const BATCH_WAIT_MS = 5;
/** Sentences past this go in the next batch (the engine's own batch size). */
export const MAX_BATCH_TEXTS = 32;

export async function serveText(bus: Bus, translators: PairTranslators, pool: string, stats: WorkerStats): Promise<BusSubscription> {
  const batcher = new DynamicBatcher<string, string>(
    async (key, texts) => {
      const [src, tgt] = key.split('>') as [LanguageCode, LanguageCode];
      return translators.translate(src, tgt, texts);
    },
    { maxWaitMs: BATCH_WAIT_MS, maxBatch: MAX_BATCH_TEXTS },
  );

  return serveRequestsOf(
    bus,
    BUS.translateText,
    async (payload) => {
      const src = payload.src_lang as LanguageCode;
      const tgt = payload.tgt_lang as LanguageCode;
      const route = await translators.describe(src, tgt);
      if (!route) throw new PairUnavailableError(src, tgt);
      const chars = payload.texts.reduce((n, t) => n + [...t].length, 0);
      return stats.track(async () => {
        // A glossary shapes one request's prompt, so such requests are not batched with others.
        const translations = payload.glossary?.length
          ? await translators.translate(src, tgt, payload.texts, payload.glossary)
          : await batcher.submit(`${src}>${tgt}`, payload.texts);
        return { translations, engine: route.engine, model_version: route.modelVersion };
      }, chars);
    },
    { pool },
  );
}
