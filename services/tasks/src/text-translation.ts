/**
 * Text translation: limit, detect, route, charge, translate (or answer from the cache), settle.
 * Characters are reserved before the engine runs and refunded if it fails, so a failed
 * translation never costs the user anything and a successful one is charged exactly once.
 */
import { AppError, LIMITS, type Domain, type LangidData, type LanguageCode, type TranslateBody, type TranslateData } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import type { MtPort, PairRoute, Payer, QuotaPort } from './ports';
import { readCache, writeCache } from './translation-cache';

export type TextTranslationDeps = {
  db: Db;
  mt: MtPort;
  quota: QuotaPort;
  detect: (text: string) => LangidData;
};

/** Cuts text to the limit by characters (code points), never inside a surrogate pair. */
export function limitText(text: string, limit: number = LIMITS.textChars): { text: string; truncated: boolean } {
  const chars = [...text];
  return chars.length <= limit ? { text, truncated: false } : { text: chars.slice(0, limit).join(''), truncated: true };
}

function resolveSource(deps: TextTranslationDeps, body: TranslateBody, text: string): LanguageCode {
  if (body.src_lang !== 'auto') return body.src_lang;
  const detected = deps.detect(text);
  if (detected.lang === 'unknown') throw new AppError('LANGUAGE_UNDETECTED');
  return detected.lang;
}

export type PreparedTranslation = {
  text: string;
  truncated: boolean;
  chars: number;
  src: LanguageCode;
  tgt: LanguageCode;
  domain: Domain;
  route: PairRoute;
};

/** The checks every text translation passes before any character is reserved. */
export async function prepareTranslation(deps: TextTranslationDeps, body: TranslateBody): Promise<PreparedTranslation> {
  if (body.text.trim().length === 0) throw new AppError('CONTENT_INVALID');
  const { text, truncated } = limitText(body.text);
  const src = resolveSource(deps, body, text);
  const tgt = body.tgt_lang;
  if (src === tgt) throw new AppError('SAME_LANGUAGE');
  const route = await deps.mt.route(src, tgt);
  if (route.kind === 'unavailable') throw new AppError('PAIR_UNAVAILABLE', `${src} → ${tgt}`);
  return { text, truncated, chars: [...text].length, src, tgt, domain: body.domain ?? 'general', route };
}

export async function translateText(deps: TextTranslationDeps, payer: Payer, body: TranslateBody): Promise<TranslateData> {
  const { text, truncated, chars, src, tgt, domain, route } = await prepareTranslation(deps, body);
  const taskId = randomUUID();
  await deps.quota.reserve(payer, taskId, chars);
  try {
    const parts = { text, src, tgt, domain, modelVersion: route.modelVersion };
    const cached = route.modelVersion ? await readCache(deps.db, parts) : null;
    let translated: string;
    let engine: string;
    if (cached) {
      ({ translated, engine } = cached);
    } else {
      const result = await deps.mt.translate([text], src, tgt, domain);
      translated = result.translations[0] ?? '';
      engine = result.engine;
      // Cache under the version that really translated, which may be newer than the route's.
      if (result.modelVersion) await writeCache(deps.db, { ...parts, modelVersion: result.modelVersion }, translated, engine);
    }
    await deps.quota.settle(taskId, chars);
    return { translated, src_lang: src, tgt_lang: tgt, truncated, chars, engine, cached: cached !== null };
  } catch (err) {
    await deps.quota.refund(taskId);
    if (err instanceof AppError) throw err;
    throw new AppError('TRANSLATION_FAILED', (err as Error).message);
  }
}
