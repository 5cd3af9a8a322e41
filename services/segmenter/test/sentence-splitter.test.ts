import { describe, expect, it } from 'vitest';
import { joinText, MAX_SENTENCE_CHARS, splitSentences, splitText } from '../src/sentence-splitter';

describe('splitSentences', () => {
  it('splits Chinese and Japanese after full-width terminators, closing quotes included', () => {
    expect(splitSentences('今天天气很好。我们去公园吧！你来吗？', 'zh-cn')).toEqual(['今天天气很好。', '我们去公园吧！', '你来吗？']);
    expect(splitSentences('他说：“好的。”然后走了。', 'zh-cn')).toEqual(['他说：“好的。”', '然后走了。']);
    expect(splitSentences('これはペンです。あれは本です。', 'ja')).toEqual(['これはペンです。', 'あれは本です。']);
  });

  it('splits English, Russian and Korean at terminators followed by a space and a new sentence', () => {
    expect(splitSentences('Hello world. How are you? I am fine!', 'en-us')).toEqual(['Hello world.', 'How are you?', 'I am fine!']);
    expect(splitSentences('Привет. Как дела? Всё хорошо.', 'ru')).toEqual(['Привет.', 'Как дела?', 'Всё хорошо.']);
    expect(splitSentences('안녕하세요. 만나서 반갑습니다.', 'ko')).toEqual(['안녕하세요.', '만나서 반갑습니다.']);
  });

  it('keeps abbreviations, initials, decimals and lower-case continuations inside a sentence', () => {
    expect(splitSentences('Mr. Smith paid 3.5 dollars, e.g. for tea. He left.', 'en-us')).toEqual([
      'Mr. Smith paid 3.5 dollars, e.g. for tea.',
      'He left.',
    ]);
    expect(splitSentences('J. K. Rowling wrote it. The U.S. Army agreed.', 'en-us')).toEqual([
      'J. K. Rowling wrote it.',
      'The U.S. Army agreed.',
    ]);
    expect(splitSentences('Это было в 1999 г. в Москве. Потом т.е. позже.', 'ru')).toEqual([
      'Это было в 1999 г. в Москве.',
      'Потом т.е. позже.',
    ]);
  });

  it('cuts an over-long sentence at clause marks so no piece exceeds the limit', () => {
    const long = Array.from({ length: 60 }, (_, i) => `clause number ${i}`).join(', ');
    const parts = splitSentences(long, 'en-us');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= MAX_SENTENCE_CHARS)).toBe(true);
    expect(parts.join(' ')).toBe(long);
    const zh = '一'.repeat(MAX_SENTENCE_CHARS * 2 + 10);
    expect(splitSentences(zh, 'zh-cn').join('')).toBe(zh);
  });
});

describe('splitText / joinText', () => {
  it('keeps newlines, blank lines and indentation, and joins by the target language', () => {
    const text = '  First one. Second one.\n\nThird one.\r\n';
    const { sentences, plan } = splitText(text, 'en-us');
    expect(sentences).toEqual(['First one.', 'Second one.', 'Third one.']);
    expect(joinText(plan, ['第一。', '第二。', '第三。'], 'zh-cn')).toBe('  第一。第二。\n\n第三。\r\n');
    expect(joinText(plan, ['A.', 'B.', 'C.'], 'en-us')).toBe('  A. B.\n\nC.\r\n');
  });

  it('answers whitespace-only text unchanged with no sentences to translate', () => {
    const { sentences, plan } = splitText(' \n\t', 'zh-cn');
    expect(sentences).toEqual([]);
    expect(joinText(plan, [], 'en-us')).toBe(' \n\t');
  });

  it('keeps code, numbers and math out of the sentences and puts them back as they were', () => {
    const text = 'COMPANY_CODE\n59600  MT\n  See the table. E = m·c². It holds.\n=SUM(A1:A3)';
    const { sentences, plan } = splitText(text, 'en-us');
    expect(sentences).toEqual(['See the table.', 'It holds.']);
    expect(joinText(plan, ['Siehe Tabelle.', 'Es gilt.'], 'de')).toBe(
      'COMPANY_CODE\n59600  MT\n  Siehe Tabelle. E = m·c². Es gilt.\n=SUM(A1:A3)',
    );
  });

  it('sends a sentence with code-like tokens among its words whole, tokens and all', () => {
    const { sentences } = splitText('Set COMPANY_CODE in config/app.json or mail ops@example.com today.', 'en-us');
    expect(sentences).toEqual(['Set COMPANY_CODE in config/app.json or mail ops@example.com today.']);
  });

  it('answers a text of code only unchanged, with nothing to translate', () => {
    const { sentences, plan } = splitText('APP_DOB_DT/APP_DOI_DT\r\nhttps://example.com/x', 'en-us');
    expect(sentences).toEqual([]);
    expect(joinText(plan, [], 'zh-cn')).toBe('APP_DOB_DT/APP_DOI_DT\r\nhttps://example.com/x');
  });

  it('refuses a translation count that does not match the plan', () => {
    const { plan } = splitText('One. Two.', 'en-us');
    expect(() => joinText(plan, ['only one'], 'en-us')).toThrow(/2 sentences/);
  });
});
