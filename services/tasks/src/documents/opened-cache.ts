/**
 * Documents opened at submit, kept for their assembly in the same process so a file is parsed
 * once, not twice (parsing is a large share of the work outside the engine). While the file's
 * chunks come back, the paragraphs they complete are laid into the kept document (`layInChunk`),
 * so the write after the last chunk has only that chunk's paragraphs left: the work overlaps the
 * engine's instead of following it. Bounded by the memory the opened documents hold (their own
 * estimate, else their source size); a miss (another process assembles, or the entry was
 * evicted) just opens the file again, which is deterministic, and writes it whole.
 */
import { translatedParagraph, type OpenedDocument, type SentencePlan, type TranslatedParagraph } from '@mtp/doc-worker';
import type { DocMode } from '@mtp/proto';
import { DOC_CHUNK_SENTENCES } from './doc-keys';

/** Memory the kept documents may hold. */
export const OPENED_CACHE_BYTES = 256 * 1024 * 1024;

export type KeptDocument = {
  document: OpenedDocument;
  plan: SentencePlan;
  /** Every paragraph's translation is already in the document (laid in as the chunks came back). */
  allLaidIn?: boolean;
};

/** What laying translations in early needs: each sentence's translation as it arrives. */
type EarlyWrite = {
  mode: DocMode;
  tgtLang: string;
  mtIndices: number[];
  translations: (string | undefined)[];
  /** The first paragraph not laid in yet, and its first sentence. */
  nextParagraph: number;
  nextSentence: number;
};

type Entry = KeptDocument & { bytes: number; early?: EarlyWrite };

const entries = new Map<string, Entry>();
let held = 0;

export function keepOpened(projectId: string, document: OpenedDocument, plan: SentencePlan, sourceBytes: number): void {
  const bytes = document.heldBytes?.() ?? sourceBytes;
  if (bytes > OPENED_CACHE_BYTES) return;
  entries.set(projectId, { document, plan, bytes });
  held += bytes;
  // Oldest first out (a Map iterates in insertion order).
  for (const [id, entry] of entries) {
    if (held <= OPENED_CACHE_BYTES) break;
    entries.delete(id);
    held -= entry.bytes;
  }
}

/**
 * Once the file's rows are written: its chunks are about to go out, and from now on what they
 * bring back is laid in. `tmHits` are the sentences the translation memory already answered.
 */
export function expectChunks(
  projectId: string,
  file: { mode: DocMode; tgtLang: string; mtIndices: number[]; tmHits: Record<number, string> },
): void {
  const entry = entries.get(projectId);
  if (!entry?.document.layIn) return;
  const translations: (string | undefined)[] = entry.plan.sentences.map((_, i) => file.tmHits[i]);
  entry.early = { mode: file.mode, tgtLang: file.tgtLang, mtIndices: file.mtIndices, translations, nextParagraph: 0, nextSentence: 0 };
  layInReady(projectId, entry);
}

/** A chunk stored for the first time: the paragraphs it completes go into the kept document. */
export function layInChunk(projectId: string, chunkIndex: number, translations: readonly string[]): void {
  const entry = entries.get(projectId);
  if (!entry?.early) return;
  const indices = entry.early.mtIndices.slice(chunkIndex * DOC_CHUNK_SENTENCES, (chunkIndex + 1) * DOC_CHUNK_SENTENCES);
  indices.forEach((sentence, k) => (entry.early!.translations[sentence] = translations[k]));
  layInReady(projectId, entry);
}

/** Lays in the paragraphs, in order, whose sentences all have translations (chunks may arrive out of order). */
function layInReady(projectId: string, entry: Entry): void {
  const early = entry.early!;
  const { paragraphs } = entry.plan;
  const ready = new Map<string, TranslatedParagraph>();
  for (; early.nextParagraph < paragraphs.length; early.nextParagraph++) {
    const paragraph = paragraphs[early.nextParagraph]!;
    const first = early.nextSentence;
    if (early.translations.slice(first, first + paragraph.count).some((t) => t === undefined)) break;
    if (paragraph.count > 0) ready.set(paragraph.id, translatedParagraph(entry.plan, paragraph, first, early.translations, early.tgtLang));
    early.nextSentence += paragraph.count;
  }
  if (ready.size === 0) return;
  try {
    entry.document.layIn!(ready, { mode: early.mode });
  } catch {
    // A document that could not take its translations is not reused: the assembly opens it again.
    dropOpened(projectId);
  }
}

/** The kept document and its plan, removed from the cache (each is assembled once). */
export function takeOpened(projectId: string): KeptDocument | undefined {
  const entry = entries.get(projectId);
  if (!entry) return undefined;
  entries.delete(projectId);
  held -= entry.bytes;
  const allLaidIn = entry.early !== undefined && entry.early.nextParagraph === entry.plan.paragraphs.length;
  return { document: entry.document, plan: entry.plan, allLaidIn };
}

/** Forgets a document whose task was refused or interrupted. */
export function dropOpened(projectId: string): void {
  takeOpened(projectId);
}
