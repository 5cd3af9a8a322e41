/**
 * A document worker's `doc.assembled` report is delivered at least once. When the process that
 * ended the file was killed right after the state change (before deleting the work files and
 * ending the task), the report comes again to another process: that repeat must finish the
 * cleanup, and change nothing else (the file stays done with its result, charged once).
 */
import { MemoryBroker, MemoryBus } from '@mtp/platform';
import type { DocResult } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { onDocResult } from '../src/documents/doc-results';
import { docDepsOf, insertDocTask, useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('repeated-end@example.com');
let bus: MemoryBus;

afterEach(async () => {
  await bus?.close({ deadlineMs: 100 });
});

async function fileBeingWritten(taskId: string): Promise<{ projectId: string; work: string[]; resultKey: string }> {
  const projectId = randomUUID();
  await fx.db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, chars, source_key)
     VALUES ($1, $2, 0, 'a.txt', 'txt', 1, 'translating', 'assemble', 0, $3)`,
    [projectId, taskId, `docs/${taskId}/${projectId}/source.txt`],
  );
  const work = [`docs/${taskId}/${projectId}/work/sentences.json`, `docs/${taskId}/${projectId}/work/translations.json`];
  for (const key of work) await fx.storage.put(key, Buffer.from('[]'));
  const resultKey = `docs/${taskId}/${projectId}/result.txt`;
  await fx.storage.put(resultKey, Buffer.from('done'));
  return { projectId, work, resultKey };
}

const assembled = (projectId: string, resultKey: string): DocResult => ({
  kind: 'doc.assembled',
  project_id: projectId,
  holder: 'w1',
  attempt: 'a1',
  result_key: resultKey,
  picture_chars: 0,
  picture_reservations: [],
});

async function taskStatus(taskId: string): Promise<string> {
  const { rows } = await fx.db.query<{ status: string }>('SELECT status FROM doc_tasks WHERE task_id = $1', [taskId]);
  return rows[0]!.status;
}

describe('a repeated end of a document file', () => {
  it('deletes the work files and ends the task that a killed process left, and keeps the result', async () => {
    bus = new MemoryBus(new MemoryBroker());
    const deps = docDepsOf(fx, bus);
    const taskId = await insertDocTask(fx);
    const { projectId, work, resultKey } = await fileBeingWritten(taskId);
    // What the killed process committed: the state change only.
    await fx.db.query(
      `UPDATE doc_files SET status = 'done', result_key = $2, result_name = 'a.zh-cn.txt', finished_at = now() WHERE project_id = $1`,
      [projectId, resultKey],
    );
    expect(await taskStatus(taskId)).toBe('working');

    await onDocResult(deps, assembled(projectId, resultKey));

    for (const key of work) expect(await fx.storage.stat(key)).toBeNull();
    expect(await fx.storage.stat(resultKey)).not.toBeNull();
    expect(await taskStatus(taskId)).toBe('done');
    const { rows } = await fx.db.query('SELECT status, result_key FROM doc_files WHERE project_id = $1', [projectId]);
    expect(rows).toEqual([{ status: 'done', result_key: resultKey }]);
  });
});
