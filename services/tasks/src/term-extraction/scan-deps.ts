/**
 * What document scan (issue 21, `/docScan`) needs: the database (truth), storage (the upload and
 * the worker's candidates), the bus (the `terms.extract` job and its results) and the termbases
 * and memories, reached through ports the gateway implements with @mtp/language (this package
 * does not import it). The extraction itself runs in a document worker, never here.
 */
import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import type { LanguageCode } from '@mtp/proto';
import type { DocDeps } from '../documents/doc-deps';

/** What the termbases and memories say of one candidate. */
export type TermKnowledge = {
  /** A termbase entry of the user's or the system's has the term as its source (ignoring case). */
  inTermbase: boolean;
  /** That entry's translation, else the translation of an exact memory entry of the term, else ''. */
  translation: string;
};

export type ScanTermsPort = {
  /** Every term's knowledge (same order), looked up together: a scan has up to 500 candidates. */
  lookup(userId: number, src: LanguageCode, tgt: LanguageCode, terms: readonly string[]): Promise<TermKnowledge[]>;
};

/** A candidate going into a termbase. */
export type NewTermEntry = { term: string; translation: string };

/**
 * Writes candidates into one termbase for one caller (the gateway binds the caller and the
 * system-log audit). Refuses with TERM_BANK_INVALID (44084) a bank that is not a termbase of the
 * pair the caller may write, and with the plan's entry limit (42005) when not all fit: then
 * nothing is added. Entries whose source is already in the bank are skipped.
 */
export type TermbaseWriter = {
  addEntries(
    bankId: number,
    src: LanguageCode,
    tgt: LanguageCode,
    entries: readonly NewTermEntry[],
  ): Promise<{ added: string[]; existing: string[] }>;
};

export type ScanDeps = {
  db: Db;
  storage: ObjectStorage;
  bus: Bus;
  terms: ScanTermsPort;
  /** Problems that reach no user (a lost publish, a failed clean-up). */
  log: (line: string) => void;
};

/** Why 7 days: a review of a long document's 500 candidates takes more than the 24 h documents are kept. */
export const TERM_SCAN_KEEP_DAYS = 7;

/** Where a scan's files live; one prefix per scan, outside `docs/` (whose orphan sweep knows only document tasks). */
export const scanPrefix = (taskId: string) => `scans/${taskId}/`;
export const scanSourceKey = (taskId: string, ext: string) => `scans/${taskId}/source.${ext}`;
/** The worker's candidates (JSON array of ExtractedTerm, best first). */
export const scanTermsKey = (taskId: string) => `scans/${taskId}/terms.json`;

/** Document scan's deps from the document side's, or null where no lookup port was wired (no scans served). */
export function scanDepsOf(docs: DocDeps | null | undefined): ScanDeps | null {
  if (!docs?.scanTerms) return null;
  return { db: docs.db, storage: docs.storage, bus: docs.bus, terms: docs.scanTerms, log: docs.log };
}
