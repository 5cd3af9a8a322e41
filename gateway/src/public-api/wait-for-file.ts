/**
 * The synchronous document calls of the public API (native `open/doc/translate_sync`, Libre's
 * `/translate_file`) hold the request while a document file is translated. Both wait the same
 * way: read the file's state, pause (growing from `firstPauseMs` to `maxPauseMs`, so a small file
 * answers quickly and a long one costs few queries), until it ends, the deadline passes or the
 * caller hangs up. What to do with a file that did not end is the caller's.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** A document file's terminal states. */
export const FILE_ENDED: ReadonlySet<string> = new Set(['done', 'failed', 'interrupted']);

export type FileWait = {
  deadlineMs: number;
  /** True once nobody waits for the answer any more (the socket closed). */
  abandoned?: () => boolean;
  firstPauseMs?: number;
  maxPauseMs?: number;
};

/** The file's last state read: ended, or as it was when the wait ran out. */
export async function waitForFileEnd<F extends { status: string }>(read: () => Promise<F>, wait: FileWait): Promise<F> {
  const deadline = Date.now() + wait.deadlineMs;
  let file = await read();
  for (let pause = wait.firstPauseMs ?? 200; !FILE_ENDED.has(file.status); pause = Math.min(wait.maxPauseMs ?? 2_000, pause * 2)) {
    if (Date.now() >= deadline || wait.abandoned?.()) break;
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
    file = await read();
  }
  return file;
}
