/**
 * Documents opened at submit, kept for their assembly in the same process so a file is parsed
 * once, not twice (parsing is a large share of the work outside the engine). Bounded by the
 * memory the opened documents hold (their own estimate, else their source size); a miss (another
 * process assembles, or the entry was evicted) just opens the file again, which is deterministic.
 */
import type { OpenedDocument } from '@mtp/doc-worker';

/** Memory the kept documents may hold. */
export const OPENED_CACHE_BYTES = 256 * 1024 * 1024;

const entries = new Map<string, { document: OpenedDocument; bytes: number }>();
let held = 0;

export function keepOpened(projectId: string, document: OpenedDocument, sourceBytes: number): void {
  const bytes = document.heldBytes?.() ?? sourceBytes;
  if (bytes > OPENED_CACHE_BYTES) return;
  entries.set(projectId, { document, bytes });
  held += bytes;
  // Oldest first out (a Map iterates in insertion order).
  for (const [id, entry] of entries) {
    if (held <= OPENED_CACHE_BYTES) break;
    entries.delete(id);
    held -= entry.bytes;
  }
}

/** The kept document, removed from the cache (each is assembled once). */
export function takeOpened(projectId: string): OpenedDocument | undefined {
  const entry = entries.get(projectId);
  if (!entry) return undefined;
  entries.delete(projectId);
  held -= entry.bytes;
  return entry.document;
}

/** Forgets a document whose task was refused or interrupted. */
export function dropOpened(projectId: string): void {
  takeOpened(projectId);
}
