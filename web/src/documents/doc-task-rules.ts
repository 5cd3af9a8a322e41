/**
 * Pure rules of a document task (spec section 4): when polling stops, what the task's outcome
 * is, when the "translation complete" popup may show, what a failed poll leads to, and the
 * expiry of results (kept 24 hours).
 */
import { DOC_STEPS, TIMINGS, type DocFileItem, type DocFileStatus, type DocQueryData } from '@mtp/proto';

export const DOC_POLL_MS = TIMINGS.docPollMs;
export const SUCCESS_POPUP_BLOCK_MS = TIMINGS.successPopupBlockMs;
/** Consecutive failed polls (network, 502) tolerated before the task is shown as failed. */
export const MAX_POLL_FAILURES = 3;

const ENDED: readonly DocFileStatus[] = ['done', 'failed', 'interrupted'];

export function isFileEnded(status: DocFileStatus): boolean {
  return ENDED.includes(status);
}

/**
 * Polling stops once the task is over: score 100 (the spec's rule), or a final step (3 done,
 * 4 error), or every file ended — the last two guard against a server that ends a task with a
 * score below 100 (e.g. all files failed), which would otherwise poll forever.
 */
export function shouldStopPolling(data: Pick<DocQueryData, 'score' | 'step' | 'translate_list'>): boolean {
  if (data.score >= 100) return true;
  if (data.step === DOC_STEPS.done || data.step === DOC_STEPS.error) return true;
  return data.translate_list.length > 0 && data.translate_list.every((f) => isFileEnded(f.status));
}

export type TaskOutcome = 'done' | 'partial' | 'failed' | 'interrupted';

/** How an ended task went: every file done, some done, none done, or stopped by the user. */
export function taskOutcome(data: Pick<DocQueryData, 'step' | 'translate_list'>): TaskOutcome {
  const files = data.translate_list;
  const done = files.filter((f) => f.status === 'done').length;
  if (files.length > 0 && done === files.length) return 'done';
  if (files.some((f) => f.status === 'interrupted')) return 'interrupted';
  if (done > 0) return 'partial';
  return 'failed';
}

/**
 * Spec section 4: the success popup is suppressed for 5 s after an upload starts, so a quick
 * answer (or a stale one from the previous task) does not pop up over the fresh upload.
 */
export function successPopupAllowed(now: number, uploadStartedAt: number | null, blockMs = SUCCESS_POPUP_BLOCK_MS): boolean {
  return uploadStartedAt === null || now - uploadStartedAt >= blockMs;
}

export type PollFailure = { kind: string; code: number };

/**
 * A failed poll: the network or a 502 may recover, so poll again a few times; an envelope code
 * (unknown/expired task, no permission) or a lost session will not, so stop at once.
 */
export function pollFailureAction(err: PollFailure, consecutiveFailures: number, max = MAX_POLL_FAILURES): 'retry' | 'stop' {
  const transient = err.kind === 'network' || (err.kind === 'http' && err.code >= 500);
  return transient && consecutiveFailures < max ? 'retry' : 'stop';
}

/** Files that can be downloaded: done with a result name. */
export function downloadable(file: Pick<DocFileItem, 'status' | 'result_name'>): boolean {
  return file.status === 'done' && !!file.result_name;
}

/** Whether a result's 24-hour retention is over (an unparsable time counts as not expired). */
export function isExpired(expiresAt: string, now: number): boolean {
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** Overall progress for the bar: the server's score, clamped to 0..100. */
export function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}
