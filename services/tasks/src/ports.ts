/**
 * What text translation needs from the rest of the platform, as ports: the MT engines (reached
 * over the bus in both modes) and the character ledger. The gateway wires the real adapters.
 */
import type { Domain, GlossaryEntry, LanguageCode } from '@mtp/proto';

export type PairRoute = {
  kind: 'direct' | 'pivot' | 'unavailable';
  /** For `pivot`: the two legs, through English. */
  legs: [LanguageCode, LanguageCode][];
  /** The model version(s) that will translate, for the cache key; '' when not known. */
  modelVersion: string;
};

export type MtResult = { translations: string[]; engine: string; modelVersion: string };

export interface MtPort {
  route(src: LanguageCode, tgt: LanguageCode): PairRoute | Promise<PairRoute>;
  /** `glossary`: termbase entries the output should contain (engines that can use them do). */
  translate(texts: string[], src: LanguageCode, tgt: LanguageCode, domain: Domain, glossary?: GlossaryEntry[]): Promise<MtResult>;
}

/**
 * Who pays: a logged-in user, or an anonymous visitor's bucket (free trial). `via: 'api'`: work
 * of the public API, which takes the user's API packages first (services/billing README).
 */
export type Payer = { userId: number; via?: 'api' } | { anonymousKey: string };

export interface QuotaPort {
  /** Takes `chars` for `taskId`, or throws AppError('CHARS_NOT_ENOUGH'). */
  reserve(payer: Payer, taskId: string, chars: number): Promise<void>;
  /**
   * Charges `chars` for work already done (a text answered from memories alone), or throws
   * AppError('CHARS_NOT_ENOUGH') having charged nothing. The ledger names the charge `idPrefix`
   * and a UUID, and may charge the concurrent requests of one payer under one id.
   */
  charge(payer: Payer, idPrefix: string, chars: number): Promise<void>;
  settle(taskId: string, actualChars: number): Promise<void>;
  refund(taskId: string): Promise<void>;
  /** Ids starting with `prefix` still reserved after `olderThanMs` (what a failed refund left open). */
  openReservations(prefix: string, olderThanMs: number): Promise<string[]>;
}

/** A stored translation for a whole text: 100 identical source, 101 identical with the same previous segment. */
export type TmExactMatch = { translated: string; score: number };

/** A termbase term found in a text, with how many times it occurs there. */
export type TmTerm = { source: string; target: string; occurrences: number };

/** The user's translation memories and termbases (and the system ones), for logged-in callers. */
export interface TmPort {
  exactMatch(userId: number, src: LanguageCode, tgt: LanguageCode, text: string, prev?: string | null): Promise<TmExactMatch | null>;
  terms(userId: number, src: LanguageCode, tgt: LanguageCode, text: string): Promise<TmTerm[]>;
  /** The terms of each text (a document's chunks), looked up together; `bankIds`: only those termbases. */
  termsOfEach(
    userId: number,
    src: LanguageCode,
    tgt: LanguageCode,
    texts: readonly string[],
    bankIds?: readonly number[],
  ): Promise<TmTerm[][]>;
  /** Exact matches of a run of segments (a document) in one go, each in the context of the one before; `bankIds`: only those memories. */
  exactMatches(
    userId: number,
    src: LanguageCode,
    tgt: LanguageCode,
    segments: readonly string[],
    bankIds?: readonly number[],
  ): Promise<(TmExactMatch | null)[]>;
  /** Which of `bankIds` the user may use: their own and the system banks of the kind (`flag` 0 memories, 1 termbases). */
  usableBanks(userId: number, flag: 0 | 1, bankIds: readonly number[]): Promise<number[]>;
}
