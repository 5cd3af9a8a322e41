/**
 * What text translation needs from the rest of the platform, as ports: the MT engines (reached
 * over the bus in both modes) and the character ledger. The gateway wires the real adapters.
 */
import type { Domain, LanguageCode } from '@mtp/proto';

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
  translate(texts: string[], src: LanguageCode, tgt: LanguageCode, domain: Domain): Promise<MtResult>;
}

/** Who pays: a logged-in user, or an anonymous visitor's bucket (free trial). */
export type Payer = { userId: number } | { anonymousKey: string };

export interface QuotaPort {
  /** Takes `chars` for `taskId`, or throws AppError('CHARS_NOT_ENOUGH'). */
  reserve(payer: Payer, taskId: string, chars: number): Promise<void>;
  settle(taskId: string, actualChars: number): Promise<void>;
  refund(taskId: string): Promise<void>;
}
