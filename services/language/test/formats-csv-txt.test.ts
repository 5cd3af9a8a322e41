import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { FormatError, readCsv, readTxt, writeCsv, writeTxt, type Entry } from '../src/formats';
import { collect, errorOf, toBuffer } from './formats-helpers';

const csv = (text: string): Buffer[] => [Buffer.from(text)];

describe('readCsv', () => {
  it('reads a header row in any column order', async () => {
    const entries = await collect(readCsv(csv('note,Target,Source\nn1,chat,cat\n,chien,dog\n')));
    expect(entries).toEqual([
      { source: 'cat', target: 'chat', note: 'n1' },
      { source: 'dog', target: 'chien' },
    ]);
  });

  it('takes the first columns when there is no header, and accepts language-code headers', async () => {
    expect(await collect(readCsv(csv('cat,chat,feline\ndog,chien\n')))).toEqual([
      { source: 'cat', target: 'chat', note: 'feline' },
      { source: 'dog', target: 'chien' },
    ]);
    expect(await collect(readCsv(csv('en-US,zh-CN\ncat,猫\n'), { srcLang: 'en', tgtLang: 'zh' }))).toEqual([
      { source: 'cat', target: '猫' },
    ]);
  });

  it('handles a BOM, CRLF, quotes and newlines inside fields, UTF-16', async () => {
    const text = '\ufeffsource,target\r\n"say ""hi""","line1\r\nline2"\r\n"a,b",c\r\n';
    const expected = [
      { source: 'say "hi"', target: 'line1\r\nline2' },
      { source: 'a,b', target: 'c' },
    ];
    expect(await collect(readCsv(csv(text)))).toEqual(expected);
    expect(await collect(readCsv([iconv.encode(text, 'utf-16le', { addBOM: true })]))).toEqual(expected);
  });

  it('names the line of an unterminated quote', async () => {
    const err = await errorOf(readCsv(csv('source,target\na,b\nc,"unclosed\nd,e\n')));
    expect(err).toBeInstanceOf(FormatError);
    expect(err).toMatchObject({ format: 'csv', line: 3 });
    expect((err as Error).message).toMatch(/^CSV line 3: unterminated quoted field/);
  });

  it('names the line of a row without a target', async () => {
    const err = await errorOf(readCsv(csv('source,target\na,b\nlonely\n')));
    expect(err).toMatchObject({ format: 'csv', line: 3 });
    expect((err as Error).message).toBe('CSV line 3: expected a source and a target column');
  });

  it('names the line of a stray quote', async () => {
    const err = await errorOf(readCsv(csv('source,target\na,b"x"\n')));
    expect(err).toMatchObject({ format: 'csv', line: 2 });
  });
});

describe('writeCsv round trip', () => {
  it('writes a BOM and header and re-imports quotes, newlines, commas and Chinese', async () => {
    const entries: Entry[] = [
      { source: 'He said "hello", then left.', target: '他说"你好"，然后离开了。', note: 'line 1\nline 2' },
      { source: ' padded ', target: '中文\r\n第二行' },
      { source: 'source', target: 'target' },
    ];
    const bytes = await toBuffer(writeCsv(entries));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('source,target,note\r\n');
    expect(await collect(readCsv([bytes]))).toEqual(entries);
  });
});

describe('readTxt / writeTxt', () => {
  it('reads tab-separated pairs with notes, and = or | as fallbacks', async () => {
    const text = '# glossary\ncat\tchat\tanimal\r\n\ndog = chien\nbird|oiseau\nmail=courriel=email\n';
    expect(await collect(readTxt([Buffer.from(text)]))).toEqual([
      { source: 'cat', target: 'chat', note: 'animal' },
      { source: 'dog', target: 'chien' },
      { source: 'bird', target: 'oiseau' },
      { source: 'mail', target: 'courriel=email' },
    ]);
  });

  it('names the line without a separator', async () => {
    const err = await errorOf(readTxt([Buffer.from('a\tb\n\nno separator here\n')]));
    expect(err).toBeInstanceOf(FormatError);
    expect(err).toMatchObject({ format: 'txt', line: 3 });
  });

  it('round-trips, splitting lines across chunks', async () => {
    const entries: Entry[] = [
      { source: '猫', target: 'cat', note: 'animal' },
      { source: 'a = b', target: 'x|y' },
    ];
    const bytes = await toBuffer(writeTxt(entries));
    const chunks = [bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9)];
    expect(await collect(readTxt(chunks))).toEqual(entries);
  });
});
