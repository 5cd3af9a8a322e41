/**
 * Messages between `ThreadedEngine` and its worker thread. Errors cross as plain fields and are
 * revived with their class, so callers still tell a ModelFilesError (MODEL_INVALID) apart.
 */
import { ModelDownloadError, ModelFilesError, MtError, PairUnavailableError, type MtErrorCode } from '../errors';
import type { EngineInfo, TranslateOptions } from './marian-engine';

export type ThreadRequest = { type: 'translate'; id: number; texts: string[]; options: TranslateOptions } | { type: 'dispose' };

export type SerializedError = { name: string; message: string; stack?: string; codeName?: MtErrorCode; dir?: string };

export type ThreadReply =
  | { type: 'ready'; info: EngineInfo }
  | { type: 'load-failed'; error: SerializedError }
  | { type: 'translated'; id: number; translations: string[] }
  | { type: 'failed'; id: number; error: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const { codeName, dir } = err as Partial<MtError & ModelFilesError>;
  return { name: err.name, message: err.message, stack: err.stack, codeName, dir };
}

const CLASSES: Record<string, { prototype: Error }> = { MtError, ModelFilesError, PairUnavailableError, ModelDownloadError };

/** The error as its own class again (message, code and folder as thrown in the thread). */
export function reviveError(e: SerializedError): Error {
  const error = Object.create((CLASSES[e.name] ?? Error).prototype) as Error;
  return Object.assign(error, e);
}
