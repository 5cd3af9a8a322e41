/**
 * File checks of the document upload (spec sections 5 and 9): at most 5 files per batch, only
 * the extensions of proto's DOC_EXTENSIONS, each at most 200 MB, none empty (0 bytes: the server
 * would only answer "no text to translate" after the upload). Refused files never reach the
 * server, so the user learns at once instead of after a long upload.
 */
import { DOC_EXTENSIONS, LIMITS, type DocExtension } from '@mtp/proto';

export const MAX_DOC_FILES = LIMITS.docFilesPerBatch;
export const MAX_DOC_BYTES = LIMITS.docBytes;

/** What the file input's `accept` lists, e.g. `.docx,.doc,…`. */
export const DOC_ACCEPT = DOC_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The part of a File the checks need (tests pass plain objects). */
export type FileLike = { name: string; size: number };

export type RefusalReason = 'format' | 'size' | 'empty' | 'count' | 'duplicate';
export type Refusal = { name: string; reason: RefusalReason };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isDocExtension(ext: string): ext is DocExtension {
  return (DOC_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * Adds `incoming` to the files already chosen. Each refused file is reported with one reason:
 * unknown format first, then too large, then empty, then a second copy of a chosen name, then the batch
 * limit (files beyond the 5th are refused, the first ones kept).
 */
export function addFiles<F extends FileLike>(chosen: readonly F[], incoming: readonly F[]): { files: F[]; refused: Refusal[] } {
  const files = [...chosen];
  const refused: Refusal[] = [];
  for (const file of incoming) {
    let reason: RefusalReason | null = null;
    if (!isDocExtension(fileExtension(file.name))) reason = 'format';
    else if (file.size > MAX_DOC_BYTES) reason = 'size';
    else if (file.size === 0) reason = 'empty';
    else if (files.some((f) => f.name === file.name && f.size === file.size)) reason = 'duplicate';
    else if (files.length >= MAX_DOC_FILES) reason = 'count';
    if (reason) refused.push({ name: file.name, reason });
    else files.push(file);
  }
  return { files, refused };
}

/** Human-readable size: "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
