/**
 * What the post-editing checks need from the memories and termbases (the language service),
 * as a port the gateway implements with `@mtp/language` (this package does not import it):
 * fuzzy matches of one segment, the terms of many texts at once, and concordance.
 */
import type { LanguageCode, PeConcordance, PeMatch, PeTerm } from '@mtp/proto';

export type PeMatchQuery = {
  userId: number;
  srcLang: LanguageCode;
  tgtLang: LanguageCode;
  segment: string;
  /** The segment before it ('' for the first): an identical entry stored after it scores 101. */
  prevSource: string;
  threshold: number;
  limit: number;
};

export type PeConcordanceLookup = {
  userId: number;
  srcLang: LanguageCode;
  tgtLang: LanguageCode;
  text: string;
  side: 'source' | 'target';
  limit: number;
};

export type PeLookupPort = {
  /** The best memory matches (the user's own and the system memories), best first. */
  matches(query: PeMatchQuery): Promise<PeMatch[]>;
  /** The termbase terms found in each text, in one lookup for them all. */
  termsOfEach(userId: number, srcLang: LanguageCode, tgtLang: LanguageCode, texts: readonly string[]): Promise<PeTerm[][]>;
  /** Memory entries whose source (or target) contains the text. */
  concordance(query: PeConcordanceLookup): Promise<PeConcordance['list']>;
};
