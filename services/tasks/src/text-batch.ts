/**
 * `translateBatch`: many segments of one pair in one call (the public APIs: native `open/translate`,
 * DeepL's `text` array, LibreTranslate's `q` array). The memories and termbases are looked up
 * first (free). When memories answer every segment, the call is charged once its answer is ready
 * (`quota.charge`: nothing held meanwhile, and concurrent calls share the ledger's rows). Otherwise
 * one reservation for the whole batch, settled when every segment is translated and refunded on
 * any failure, so a failed call costs nothing.
 * Each segment takes `translateText`'s path (segment-translation.ts): a TM exact (or, after the
 * segment before it in the batch, context) match, else MT with its termbase terms, else the cache
 * or MT; the memories and termbases are looked up once for the batch. `auto` is detected once on
 * the joined text. `tmIds` / `tbIds` restrict the lookups to those banks, each of which must be
 * the caller's own or a system bank of the kind (else API_TM_ID_ERROR / API_TB_ID_ERROR).
 */
import { AppError, LIMITS, pairDetail, type Domain, type LanguageCode } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import type { Payer, TmExactMatch, TmPort, TmTerm } from './ports';
import { routedFor } from './pool-routing';
import { fromMemory, translatePlain, translateWithTerms, type SegmentPair, type SegmentTranslation } from './segment-translation';
import { SYNC_RESERVATION_PREFIX, type TextTranslationDeps } from './text-translation';

export type BatchBody = { texts: string[]; src_lang: LanguageCode | 'auto'; tgt_lang: LanguageCode; domain?: Domain | undefined };

export type BatchOptions = {
  /** Only these translation memories (the caller's own or system ones). */
  tmIds?: readonly number[] | undefined;
  /** Only these termbases (the caller's own or system ones). */
  tbIds?: readonly number[] | undefined;
  /** Work through the public API: the ledger takes API packages first; the reservation says `api`. */
  via?: 'api' | undefined;
};

export type BatchSegment = { translated: string; chars: number; engine: string; tm_score?: number };

export type BatchResult = { translations: BatchSegment[]; src_lang: LanguageCode; tgt_lang: LanguageCode; chars: number };

/** Characters (code points) of a segment; a blank one is answered as it is and costs nothing. */
const charsOf = (text: string) => (text.trim().length === 0 ? 0 : [...text].length);

function checkTexts(texts: readonly string[]): void {
  if (texts.length === 0 || texts.every((t) => t.trim().length === 0)) throw new AppError('CONTENT_INVALID');
  const long = texts.findIndex((t) => [...t].length > LIMITS.textChars);
  if (long >= 0) throw new AppError('INVALID_PARAMS', `text[${long}]: at most ${LIMITS.textChars} characters`);
}

/** The banks a lookup may use: undefined = every visible one; ids the caller may not use are refused. */
async function checkBanks(tm: TmPort | null, userId: number | null, flag: 0 | 1, ids: readonly number[] | undefined) {
  if (ids === undefined) return undefined;
  const refusal = flag === 0 ? 'API_TM_ID_ERROR' : 'API_TB_ID_ERROR';
  const wanted = [...new Set(ids)];
  if (!tm || userId === null || wanted.length === 0) throw new AppError(refusal);
  const usable = new Set(await tm.usableBanks(userId, flag, wanted));
  const bad = wanted.find((id) => !usable.has(id));
  if (bad !== undefined) throw new AppError(refusal, String(bad));
  return wanted;
}

type Lookups = { exact: (TmExactMatch | null)[]; terms: TmTerm[][] };

/** TM exact matches and terms of every non-blank segment, in two lookups for the batch. */
async function lookUp(
  tm: TmPort | null,
  userId: number | null,
  pair: SegmentPair,
  texts: string[],
  banks: { tm?: number[]; tb?: number[] },
): Promise<Lookups> {
  if (!tm || userId === null) return { exact: texts.map(() => null), terms: texts.map(() => []) };
  const exact = await tm.exactMatches(userId, pair.src, pair.tgt, texts, banks.tm);
  const open = texts.map((_, i) => i).filter((i) => !exact[i] && texts[i]!.trim().length > 0);
  const found = await tm.termsOfEach(
    userId,
    pair.src,
    pair.tgt,
    open.map((i) => texts[i]!),
    banks.tb,
  );
  const terms: TmTerm[][] = texts.map(() => []);
  open.forEach((i, n) => (terms[i] = found[n] ?? []));
  return { exact, terms };
}

/** Every segment's answer, in order: memory hits as they are, term segments one MT call each, the rest in one. */
async function translateAll(deps: TextTranslationDeps, pair: SegmentPair, texts: string[], found: Lookups): Promise<SegmentTranslation[]> {
  const out: (SegmentTranslation | null)[] = texts.map((text, i) => {
    if (text.trim().length === 0) return { translated: text, engine: '', cached: false };
    const exact = found.exact[i];
    return exact ? fromMemory(text, exact) : null;
  });
  const withTerms = texts.map((_, i) => i).filter((i) => out[i] === null && found.terms[i]!.length > 0);
  const plain = texts.map((_, i) => i).filter((i) => out[i] === null && found.terms[i]!.length === 0);
  const [termed, plainOut] = await Promise.all([
    Promise.all(withTerms.map((i) => translateWithTerms(deps.mt, pair, texts[i]!, found.terms[i]!))),
    plain.length > 0
      ? translatePlain(
          deps,
          pair,
          plain.map((i) => texts[i]!),
        )
      : Promise.resolve([]),
  ]);
  withTerms.forEach((i, n) => (out[i] = termed[n]!));
  plain.forEach((i, n) => (out[i] = plainOut[n]!));
  return out as SegmentTranslation[];
}

/** A refusal (an AppError) as it is; anything else as TRANSLATION_FAILED, its cause kept for the log. */
async function failsAsTranslation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('TRANSLATION_FAILED', undefined, { cause: err });
  }
}

export async function translateBatch(
  shared: TextTranslationDeps,
  payer: Payer,
  body: BatchBody,
  opts: BatchOptions = {},
): Promise<BatchResult> {
  const userId = 'userId' in payer ? payer.userId : null;
  const deps = await routedFor(shared, userId);
  const texts = body.texts;
  checkTexts(texts);
  const tm = deps.tm ?? null;
  const banks = { tm: await checkBanks(tm, userId, 0, opts.tmIds), tb: await checkBanks(tm, userId, 1, opts.tbIds) };
  let src: LanguageCode;
  if (body.src_lang === 'auto') {
    const detected = deps.detect(texts.join('\n'));
    if (detected.lang === 'unknown') throw new AppError('LANGUAGE_UNDETECTED');
    src = detected.lang;
  } else src = body.src_lang;
  const tgt = body.tgt_lang;
  if (src === tgt) throw new AppError('SAME_LANGUAGE');
  const route = await deps.mt.route(src, tgt);
  if (route.kind === 'unavailable') throw new AppError('PAIR_UNAVAILABLE', pairDetail(src, tgt));
  const pair: SegmentPair = { src, tgt, domain: body.domain ?? 'general', route };

  const segmentChars = texts.map(charsOf);
  const chars = segmentChars.reduce((a, b) => a + b, 0);
  // The pair and the kind ride in the id so the statistics can tell them (daily-facts.ts).
  const idPrefix = `${SYNC_RESERVATION_PREFIX}${src}_${tgt}:${opts.via ? `${opts.via}:` : ''}`;
  const ledgerPayer: Payer = opts.via && 'userId' in payer ? { userId: payer.userId, via: opts.via } : payer;
  const answer = (answers: SegmentTranslation[]): BatchResult => ({
    translations: answers.map((a, i) => ({
      translated: a.translated,
      chars: segmentChars[i]!,
      engine: a.engine,
      ...(a.tm_score !== undefined ? { tm_score: a.tm_score } : {}),
    })),
    src_lang: src,
    tgt_lang: tgt,
    chars,
  });
  // The lookups cost the caller nothing: made first, they tell whether any work is left to pay for.
  const found = await failsAsTranslation(lookUp(tm, userId, pair, texts, banks));
  if (texts.every((t, i) => t.trim().length === 0 || found.exact[i])) {
    // Memories answer it all: nothing to hold characters for; charged once the answer is ready.
    const answers = await failsAsTranslation(translateAll(deps, pair, texts, found));
    await failsAsTranslation(deps.quota.charge(ledgerPayer, idPrefix, chars));
    return answer(answers);
  }
  const taskId = `${idPrefix}${randomUUID()}`;
  await deps.quota.reserve(ledgerPayer, taskId, chars);
  try {
    const answers = await translateAll(deps, pair, texts, found);
    await deps.quota.settle(taskId, chars);
    return answer(answers);
  } catch (err) {
    await deps.quota.refund(taskId).catch((e) => deps.log?.(`text: refunding ${taskId} failed (the sweeper retries): ${e}`));
    return failsAsTranslation(Promise.reject(err));
  }
}
