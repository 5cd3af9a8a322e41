export { tokenizeForMatch, unitMode, isCharacterLanguage, type MatchToken, type MatchTokenKind } from './tokenize-for-match';
export { levenshtein } from './levenshtein';
export {
  fuzzyScore,
  fuzzyDetails,
  matchScore,
  contextMatches,
  prepareSegment,
  scorePrepared,
  CASE_PENALTY,
  NUMBER_PENALTY,
  PUNCTUATION_PENALTY,
  WHITESPACE_PENALTY,
  EXACT_SCORE,
  CONTEXT_SCORE,
  type FuzzyOptions,
  type ContextOptions,
  type FuzzyDetails,
  type PreparedSegment,
} from './fuzzy-score';
export { rankMatches, DEFAULT_THRESHOLD, DEFAULT_LIMIT, type MatchCandidate, type RankedMatch, type RankOptions } from './rank-matches';
export { TermMatcher, buildTermMatcher, type TermEntry, type TermMatch, type FindOptions } from './term-matcher';
export { matchTokens, lengthBounds, type MatchTokens } from './match-tokens';
