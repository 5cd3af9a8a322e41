import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { srtFormat } from '../src/formats/text';
import { langs, translateAll } from './text-test-translator';

const sample = () => readFile(new URL('../fixtures/text/sample.srt', import.meta.url));

describe('srt format', () => {
  it('reads each cue text (all its lines) as one paragraph without formatting tags', async () => {
    const doc = await srtFormat.open(await sample(), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Hello there.', 'This cue has\ntwo lines. And two sentences!', 'On top.']);
    expect(doc.stats.words).toBe(2 + 8 + 2);
  });

  it('keeps numbers, timings and wrapping tags (mode 0)', async () => {
    const doc = await srtFormat.open(await sample(), { srcLang: 'en' });
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toBe(
      [
        '1\n00:00:01,000 --> 00:00:03,500\n<i>«HELLO THERE.»</i>',
        '2\n00:00:04,000 --> 00:00:06,000\n«THIS CUE HAS\nTWO LINES.» «AND TWO SENTENCES!»',
        '3\n00:00:07,000 --> 00:00:08,000\n{\\an8}«ON TOP.»',
      ].join('\n\n') + '\n',
    );
  });

  it('puts source then translation in the same cue (mode 1) or sentence pairs (mode 2)', async () => {
    const doc1 = await srtFormat.open(await sample(), { srcLang: 'en' });
    const out1 = (await doc1.write(translateAll(doc1), { ...langs, mode: 1 })).toString();
    expect(out1).toContain('00:00:01,000 --> 00:00:03,500\n<i>Hello there.\n«HELLO THERE.»</i>\n\n2\n');
    const doc2 = await srtFormat.open(await sample(), { srcLang: 'en' });
    const out2 = (await doc2.write(translateAll(doc2), { ...langs, mode: 2 })).toString();
    expect(out2).toContain(
      '00:00:04,000 --> 00:00:06,000\nThis cue has\ntwo lines.\n«THIS CUE HAS\nTWO LINES.»\nAnd two sentences!\n«AND TWO SENTENCES!»\n\n3\n',
    );
  });

  it('keeps CRLF line endings and refuses a file with no cue', async () => {
    const crlf = Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\nHi.\r\n');
    const doc = await srtFormat.open(crlf, { srcLang: 'en' });
    expect((await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString()).toBe('1\r\n00:00:01,000 --> 00:00:02,000\r\n«HI.»\r\n');
    await expect(srtFormat.open(Buffer.from('just some text\n'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'corrupt' });
  });
});
