/**
 * A document worker's refusals as the spec's codes (section 8: 1201/1202, then the rest; a file
 * with nothing to translate is 1211, not a parse failure). A bad
 * file is answered as `doc.failed` with its code at once (it will not get better on a retry);
 * anything else is thrown, so the queue retries it and, past its last delivery, dead-letters it.
 * The detail (in English, naming what was wrong) goes to the log, never to the user.
 */
import { isStorageFull, OfficeConversionError } from '@mtp/platform';
import type { DocFailureCode } from '@mtp/proto';
import { DocumentError } from '../formats/types';

const BY_REASON: Record<DocumentError['reason'], DocFailureCode> = {
  corrupt: 'FILE_PARSE_FAILED',
  encrypted: 'FILE_ENCRYPTED',
  unknown_format: 'FILE_FORMAT_UNKNOWN',
  too_large: 'FILE_TOO_LARGE',
  empty: 'FILE_NO_TEXT',
};

/** The code of a refusal, or null for an error that is not the file's fault (retry it). */
export function failureOf(err: unknown): { code: DocFailureCode; detail: string } | null {
  if (err instanceof DocumentError) return { code: BY_REASON[err.reason], detail: err.message };
  if (err instanceof OfficeConversionError) return { code: 'FILE_CONVERT_FAILED', detail: err.message };
  // The storage is full (the put removed its partial file): the user is told so and refunded at
  // once rather than after every retry failed the same way and the job became a dead letter.
  if (isStorageFull(err)) return { code: 'STORAGE_FULL', detail: (err as Error).message };
  return null;
}
