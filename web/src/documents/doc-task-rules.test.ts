import type { DocFileItem, DocFileStatus } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import {
  clampScore,
  downloadable,
  isExpired,
  pollFailureAction,
  shouldStopPolling,
  successPopupAllowed,
  taskOutcome,
} from './doc-task-rules';

function fileItem(status: DocFileStatus, over: Partial<DocFileItem> = {}): DocFileItem {
  return {
    projectId: 'p1',
    file_name: 'a.docx',
    status,
    message: '',
    code: 0,
    score: status === 'done' ? 100 : 0,
    chars: 0,
    result_name: status === 'done' ? 'a_zh.docx' : null,
    ...over,
  };
}

describe('shouldStopPolling', () => {
  it('keeps polling while the score is below 100 and files are working', () => {
    expect(shouldStopPolling({ score: 0, step: 1, translate_list: [fileItem('queued')] })).toBe(false);
    expect(shouldStopPolling({ score: 99, step: 1, translate_list: [fileItem('done'), fileItem('translating')] })).toBe(false);
    // No files listed yet: the task was just created.
    expect(shouldStopPolling({ score: 0, step: 1, translate_list: [] })).toBe(false);
  });

  it('stops at score 100 (the spec rule)', () => {
    expect(shouldStopPolling({ score: 100, step: 1, translate_list: [fileItem('translating')] })).toBe(true);
  });

  it('stops on a final step or when every file ended, whatever the score', () => {
    expect(shouldStopPolling({ score: 40, step: 3, translate_list: [] })).toBe(true);
    expect(shouldStopPolling({ score: 40, step: 4, translate_list: [] })).toBe(true);
    expect(shouldStopPolling({ score: 0, step: 1, translate_list: [fileItem('failed'), fileItem('interrupted')] })).toBe(true);
  });
});

describe('taskOutcome', () => {
  it('tells done, partial, failed and interrupted apart', () => {
    expect(taskOutcome({ step: 3, translate_list: [fileItem('done'), fileItem('done')] })).toBe('done');
    expect(taskOutcome({ step: 3, translate_list: [fileItem('done'), fileItem('failed')] })).toBe('partial');
    expect(taskOutcome({ step: 4, translate_list: [fileItem('failed')] })).toBe('failed');
    expect(taskOutcome({ step: 4, translate_list: [fileItem('done'), fileItem('interrupted')] })).toBe('interrupted');
    expect(taskOutcome({ step: 4, translate_list: [] })).toBe('failed');
  });
});

describe('successPopupAllowed', () => {
  it('is blocked for 5 s after the upload started, then allowed', () => {
    expect(successPopupAllowed(10_000, 10_000)).toBe(false);
    expect(successPopupAllowed(14_999, 10_000)).toBe(false);
    expect(successPopupAllowed(15_000, 10_000)).toBe(true);
    // A resumed task whose start is unknown may pop up.
    expect(successPopupAllowed(0, null)).toBe(true);
  });
});

describe('pollFailureAction', () => {
  it('retries network failures and 5xx a few times, stops on envelope codes and lost sessions', () => {
    expect(pollFailureAction({ kind: 'network', code: 0 }, 1)).toBe('retry');
    expect(pollFailureAction({ kind: 'http', code: 502 }, 2)).toBe('retry');
    expect(pollFailureAction({ kind: 'network', code: 0 }, 3)).toBe('stop');
    expect(pollFailureAction({ kind: 'envelope', code: 40001 }, 1)).toBe('stop');
    expect(pollFailureAction({ kind: 'http', code: 401 }, 1)).toBe('stop');
    expect(pollFailureAction({ kind: 'no-token', code: 0 }, 1)).toBe('stop');
  });
});

describe('small rules', () => {
  it('downloads only done files with a result name', () => {
    expect(downloadable(fileItem('done'))).toBe(true);
    expect(downloadable(fileItem('done', { result_name: null }))).toBe(false);
    expect(downloadable(fileItem('failed'))).toBe(false);
  });

  it('expires at expires_at; unreadable times never expire', () => {
    const at = '2026-11-22T10:00:00Z';
    expect(isExpired(at, Date.parse(at) - 1)).toBe(false);
    expect(isExpired(at, Date.parse(at))).toBe(true);
    expect(isExpired('soon', Date.now())).toBe(false);
  });

  it('clamps the score', () => {
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(42.6)).toBe(43);
    expect(clampScore(120)).toBe(100);
  });
});
