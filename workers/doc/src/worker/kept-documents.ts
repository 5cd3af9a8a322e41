/**
 * Documents a worker opened to prepare them, kept for their assembly in the same worker so a
 * file is parsed once, not twice (parsing is a large share of the work outside the engine).
 * While the file's chunks come back, the tasks service forwards their translations and the
 * paragraphs they complete are laid into the kept document (`layIn`), so the write after the
 * last chunk has little left: the work overlaps the engine's instead of following it. Bounded by
 * the memory the opened documents hold (their own estimate, else their source size); a miss (the
 * entry was evicted, or another worker assembles) just opens the file again, which is
 * deterministic, and writes it whole.
 */
import type { OpenedDocument, TranslatedParagraph } from '../formats/types';
import { translatedParagraph, untranslatedOf, type SentencePlan, type Untranslated } from '../pipeline/sentence-plan';

/** Memory the kept documents of one worker may hold. */
export const KEPT_DOCUMENTS_BYTES = 256 * 1024 * 1024;

export type KeptDocument = {
  document: OpenedDocument;
  plan: SentencePlan;
  /** Every paragraph's translation is already in the document (laid in as the chunks came back). */
  allLaidIn: boolean;
  /** When all was laid in: the sentences that kept their source (their translation was empty). */
  untranslated?: Untranslated;
};

/** What laying translations in early needs: each sentence's translation as it arrives. */
type EarlyWrite = {
  mode: 0 | 1 | 2;
  tgtLang: string;
  /** The sentence of each MT segment, in chunk order, and how many segments a chunk has. */
  mtIndices: readonly number[];
  chunkSentences: number;
  translations: (string | undefined)[];
  /** The first paragraph not laid in yet, and its first sentence. */
  nextParagraph: number;
  nextSentence: number;
};

type Entry = { document: OpenedDocument; plan: SentencePlan; bytes: number; early?: EarlyWrite };

export class KeptDocuments {
  private readonly entries = new Map<string, Entry>();
  private held = 0;

  constructor(private readonly maxBytes: number = KEPT_DOCUMENTS_BYTES) {}

  get size(): number {
    return this.entries.size;
  }

  keep(projectId: string, document: OpenedDocument, plan: SentencePlan, sourceBytes: number): void {
    this.drop(projectId);
    const bytes = document.heldBytes?.() ?? sourceBytes;
    if (bytes > this.maxBytes) return;
    this.entries.set(projectId, { document, plan, bytes });
    this.held += bytes;
    // Oldest first out (a Map iterates in insertion order).
    for (const [id, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(id);
      this.held -= entry.bytes;
    }
  }

  /** The file's chunks are going out: from now on what comes back is laid in, in `mode`. */
  startLayIn(projectId: string, start: { mode: 0 | 1 | 2; tgtLang: string; mtIndices: readonly number[]; chunkSentences: number }): void {
    const entry = this.entries.get(projectId);
    if (!entry?.document.layIn) return;
    const translations = new Array<string | undefined>(entry.plan.sentences.length).fill(undefined);
    entry.early = { ...start, translations, nextParagraph: 0, nextSentence: 0 };
  }

  /** A chunk's translations: its segments are the next `chunkSentences` of the MT sentences. */
  layInChunk(projectId: string, chunkIndex: number, translations: readonly string[]): void {
    const early = this.entries.get(projectId)?.early;
    if (!early) return;
    const first = chunkIndex * early.chunkSentences;
    this.layIn(projectId, early.mtIndices.slice(first, first + early.chunkSentences), translations);
  }

  /** Translations of some sentences (by index): the paragraphs they complete go into the document. */
  layIn(projectId: string, indices: readonly number[], translations: readonly string[]): void {
    const entry = this.entries.get(projectId);
    if (!entry?.early) return;
    indices.forEach((sentence, k) => {
      if (sentence < entry.early!.translations.length) entry.early!.translations[sentence] = translations[k];
    });
    this.layInReady(projectId, entry);
  }

  /** Lays in the paragraphs, in order, whose sentences all have translations (chunks arrive in any order). */
  private layInReady(projectId: string, entry: Entry): void {
    const early = entry.early!;
    const { paragraphs } = entry.plan;
    const ready = new Map<string, TranslatedParagraph>();
    for (; early.nextParagraph < paragraphs.length; early.nextParagraph++) {
      const paragraph = paragraphs[early.nextParagraph]!;
      const first = early.nextSentence;
      if (early.translations.slice(first, first + paragraph.count).some((t) => t === undefined)) break;
      if (paragraph.count > 0)
        ready.set(paragraph.id, translatedParagraph(entry.plan, paragraph, first, early.translations, early.tgtLang));
      early.nextSentence += paragraph.count;
    }
    if (ready.size === 0) return;
    try {
      entry.document.layIn!(ready, { mode: early.mode });
    } catch {
      // A document that could not take its translations is not reused: the assembly opens it again.
      this.drop(projectId);
    }
  }

  /** The kept document and its plan, removed from the cache (each is assembled once). */
  take(projectId: string): KeptDocument | undefined {
    const entry = this.entries.get(projectId);
    if (!entry) return undefined;
    this.entries.delete(projectId);
    this.held -= entry.bytes;
    const allLaidIn = entry.early !== undefined && entry.early.nextParagraph === entry.plan.paragraphs.length;
    if (!allLaidIn) return { document: entry.document, plan: entry.plan, allLaidIn };
    return {
      document: entry.document,
      plan: entry.plan,
      allLaidIn,
      untranslated: untranslatedOf(entry.plan.sentences, entry.early!.translations),
    };
  }

  drop(projectId: string): void {
    this.take(projectId);
  }
}
