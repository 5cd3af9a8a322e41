/**
 * Text translation: limit, detect, route, charge, translate (or answer from the cache), settle.
 * Characters are reserved before the engine runs and refunded if it fails, so a failed
 * translation never costs the user anything and a successful one is charged exactly once.
 *
 * For a logged-in user with a `tm` port: an identical source in their (or a system) translation
 * memory answers without MT (`tm:exact`, `tm:context` for 101; charged the same, never cached);
 * otherwise termbase terms found in the text go to MT as its glossary and are enforced by
 * `enforceTerms` (see there); such answers bypass the cache, which is per model, not per user.
 * The per-segment steps live in segment-translation.ts (shared with `translateBatch`).
 */
import {
  AppError,
  LIMITS,
  pairDetail,
  type Domain,
  type LangidData,
  type LanguageCode,
  type TranslateBody,
  type TranslateData,
} from '@mtp/proto';
import type { Db } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import type { MtPort, PairRoute, Payer, QuotaPort, TmPort } from './ports';
import { routedFor, type RouteForUser } from './pool-routing';
import { claimDraft, type DraftClaim } from './text-drafts';
import { fromMemory, translatePlain, translateWithTerms, type SegmentTranslation } from './segment-translation';

export { enforceTerms, type TermResult } from './text-terms';

export type TextTranslationDeps = {
  db: Db;
  mt: MtPort;
  quota: QuotaPort;
  detect: (text: string) => LangidData;
  /** Translation memories and termbases; without it (or for anonymous callers) only MT answers. */
  tm?: TmPort;
  /** Problems no user sees (a refund that failed): logged, then retried by the sweeper. */
  log?: (line: string) => void;
  /** The pool of a user's work (enterprise pools); absent: `mt` serves everyone. */
  routeFor?: RouteForUser;
};

/**
 * Reservations of interactive translations are named `sync:<uuid>`: no task row keeps them, so
 * the sweeper finds one whose refund failed by this prefix (and its age).
 */
export const SYNC_RESERVATION_PREFIX = 'sync:';

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
  if (route.kind === 'unavailable') throw new AppError('PAIR_UNAVAILABLE', pairDetail(src, tgt));
  return { text, truncated, chars: [...text].length, src, tgt, domain: body.domain ?? 'general', route };
}

/**
 * A logged-in caller's draft (README "Drafts"): what this call is charged. Without a draft (the
 * public API, free visitors) the whole text is charged, as always.
 */
async function draftOf(deps: TextTranslationDeps, payer: Payer, body: TranslateBody, p: PreparedTranslation): Promise<DraftClaim | null> {
  if (!('userId' in payer) || !body.draft_id) return null;
  const pair = `${p.src}_${p.tgt}_${p.domain}`;
  return claimDraft(deps.db, { userId: payer.userId, draftId: body.draft_id, pair, text: p.text });
}

export async function translateText(shared: TextTranslationDeps, payer: Payer, body: TranslateBody): Promise<TranslateData> {
  const deps = await routedFor(shared, 'userId' in payer ? payer.userId : null);
  const prepared = await prepareTranslation(deps, body);
  const { text, truncated, src, tgt, domain, route } = prepared;
  const draft = await draftOf(deps, payer, body, prepared);
  // `chars` is what this call charges: the whole text, or what it adds to its draft.
  const chars = draft ? draft.charge : prepared.chars;
  // The pair rides in the id so the statistics can tell it (tasks' daily-facts.ts reads it back).
  const taskId = `${SYNC_RESERVATION_PREFIX}${src}_${tgt}:${randomUUID()}`;
  // Nothing to charge opens no reservation (the ledger takes at least one character).
  const ledger = chars > 0;
  try {
    if (ledger) await deps.quota.reserve(payer, taskId, chars);
  } catch (err) {
    await draft?.undo().catch((e) => deps.log?.(`text: putting draft ${body.draft_id} back failed: ${e}`));
    throw err;
  }
  try {
    const user = 'userId' in payer && deps.tm ? { tm: deps.tm, id: payer.userId } : null;
    const pair = { src, tgt, domain, route };
    const exact = user ? await user.tm.exactMatch(user.id, src, tgt, text.trim()) : null;
    let outcome: SegmentTranslation;
    if (exact) outcome = fromMemory(text, exact);
    else {
      const terms = user ? await user.tm.terms(user.id, src, tgt, text) : [];
      outcome = terms.length > 0 ? await translateWithTerms(deps.mt, pair, text, terms) : (await translatePlain(deps, pair, [text]))[0]!;
    }
    if (ledger) await deps.quota.settle(taskId, chars);
    return { ...outcome, src_lang: src, tgt_lang: tgt, truncated, chars };
  } catch (err) {
    if (ledger) await deps.quota.refund(taskId).catch((e) => deps.log?.(`text: refunding ${taskId} failed (the sweeper retries): ${e}`));
    // A failed translation does not move the draft: its characters are charged when it succeeds.
    await draft?.undo().catch((e) => deps.log?.(`text: putting draft ${body.draft_id} back failed: ${e}`));
    if (err instanceof AppError) throw err;
    throw new AppError('TRANSLATION_FAILED', undefined, { cause: err });
  }
}
