/**
 * A done file whose some sentences came back empty from the engine says how many kept their
 * source text, in the caller's language; its status and code stay those of a done file.
 */
import { describe, expect, it } from 'vitest';
import { toFileItem } from '../src/documents/doc-queries';

const row = {
  project_id: 'p',
  task_id: 't',
  file_name: 'a.docx',
  status: 'done' as const,
  code: 0,
  chars: 40,
  segments_total: 10,
  segments_done: 10,
  result_name: 'a_zh.docx',
  untranslated: 0,
};

describe('a done file message', () => {
  it('is empty when every sentence was translated, and counts the ones kept as source', () => {
    expect(toFileItem(row, 'en_US').message).toBe('');
    const kept = { ...row, untranslated: 3 };
    expect(toFileItem(kept, 'en_US')).toMatchObject({
      status: 'done',
      code: 0,
      message: '3 segments were not translated and keep their source text',
    });
    expect(toFileItem(kept, 'zh_CN').message).toBe('3 个句段未能翻译，保留了原文');
  });
});
