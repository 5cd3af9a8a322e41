import { describe, expect, it } from 'vitest';
import { addFiles, DOC_ACCEPT, fileExtension, formatBytes, MAX_DOC_BYTES, MAX_DOC_FILES } from './doc-files';

const f = (name: string, size = 1000) => ({ name, size });

describe('fileExtension', () => {
  it('lower-cases the last extension and ignores dot-files and trailing dots', () => {
    expect(fileExtension('Report.DOCX')).toBe('docx');
    expect(fileExtension('a.tar.gz')).toBe('gz');
    expect(fileExtension('.docx')).toBe('');
    expect(fileExtension('notes.')).toBe('');
    expect(fileExtension('README')).toBe('');
  });
});

describe('addFiles', () => {
  it('keeps the spec limits: 5 files, 200 MB', () => {
    expect(MAX_DOC_FILES).toBe(5);
    expect(MAX_DOC_BYTES).toBe(200 * 1024 * 1024);
    expect(DOC_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.docx', '.pdf', '.xlsx', '.srt', '.xlf', '.odt', '.ods', '.odp']));
  });

  it('accepts every proto extension in any case', () => {
    const { files, refused } = addFiles([], [f('a.docx'), f('b.PDF'), f('c.xliff'), f('d.htm'), f('e.txt')]);
    expect(files.map((x) => x.name)).toEqual(['a.docx', 'b.PDF', 'c.xliff', 'd.htm', 'e.txt']);
    expect(refused).toEqual([]);
  });

  it('refuses unknown formats and files over 200 MB, one reason each', () => {
    const { files, refused } = addFiles([], [f('photo.png'), f('big.pdf', MAX_DOC_BYTES + 1), f('ok.pdf', MAX_DOC_BYTES), f('noext')]);
    expect(files.map((x) => x.name)).toEqual(['ok.pdf']);
    expect(refused).toEqual([
      { name: 'photo.png', reason: 'format' },
      { name: 'big.pdf', reason: 'size' },
      { name: 'noext', reason: 'format' },
    ]);
  });

  it('refuses an empty file before the upload', () => {
    const { files, refused } = addFiles([], [f('empty.txt', 0), f('one.txt', 1)]);
    expect(files.map((x) => x.name)).toEqual(['one.txt']);
    expect(refused).toEqual([{ name: 'empty.txt', reason: 'empty' }]);
  });

  it('refuses files past the fifth, counting those already chosen', () => {
    const chosen = [f('1.docx'), f('2.docx'), f('3.docx')];
    const { files, refused } = addFiles(chosen, [f('4.docx'), f('5.docx'), f('6.docx'), f('7.txt')]);
    expect(files).toHaveLength(5);
    expect(refused).toEqual([
      { name: '6.docx', reason: 'count' },
      { name: '7.txt', reason: 'count' },
    ]);
    // The chosen list itself is not changed.
    expect(chosen).toHaveLength(3);
  });

  it('refuses a second copy of the same file', () => {
    const { files, refused } = addFiles([f('a.docx', 10)], [f('a.docx', 10), f('a.docx', 11)]);
    expect(files).toHaveLength(2);
    expect(refused).toEqual([{ name: 'a.docx', reason: 'duplicate' }]);
  });
});

describe('formatBytes', () => {
  it('shows B, KB, MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });
});
