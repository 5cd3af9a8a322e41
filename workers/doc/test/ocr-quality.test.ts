/**
 * OCR quality on pictures drawn from known text (issue 22, "Done when"): a line and a paragraph
 * in each of the five languages, drawn with Noto CJK at 28 px, are read the way picture
 * translation reads them (`readPictureText`: the layout that reads best) and the character error
 * rate must stay at or under 5%. The figures are printed; workers/doc/README.md keeps the table.
 */
import { describe, expect, it } from 'vitest';
import { readPictureText } from '../src/ocr/index';
import { characterErrorRate, paragraphPicture } from './ocr-measure';

type Sample = { lang: string; line: string; paragraph: string[] };

const SAMPLES: Sample[] = [
  {
    lang: 'en-us',
    line: 'The quarterly report is ready for review.',
    paragraph: [
      'Machine translation turns text from one language',
      'into another. The quarterly report lists every',
      'shipment, its price and the date it arrived.',
    ],
  },
  {
    lang: 'zh-cn',
    line: '本季度的销售报告已经准备好了。',
    paragraph: [
      '机器翻译把一种语言的文字转换成另一种语言。',
      '季度报告列出了每一批货物、价格和到达日期。',
      '请在星期五之前检查这些数字并回复我们。',
    ],
  },
  {
    lang: 'ja',
    line: '四半期の売上報告書が完成しました。',
    paragraph: [
      '機械翻訳はある言語の文章を別の言語に変換します。',
      '四半期報告書には出荷ごとの価格と到着日が載っています。',
      '金曜日までに数字を確認して返信してください。',
    ],
  },
  {
    lang: 'ko',
    line: '분기별 매출 보고서가 준비되었습니다.',
    paragraph: [
      '기계 번역은 한 언어의 글을 다른 언어로 바꿉니다.',
      '분기 보고서에는 모든 배송의 가격과 도착 날짜가 있습니다.',
      '금요일까지 숫자를 확인하고 답장해 주십시오.',
    ],
  },
  {
    lang: 'ru',
    line: 'Квартальный отчет готов к проверке.',
    paragraph: [
      'Машинный перевод переводит текст с одного языка',
      'на другой. В квартальном отчете перечислены все',
      'поставки, их цены и даты прибытия.',
    ],
  },
];

async function cerOf(lang: string, lines: string[]): Promise<{ cer: number; read: string; layout: string }> {
  const png = paragraphPicture(lines);
  // Drawn upright: orientation detection (tested in ocr-real-pictures) would only add time.
  const read = await readPictureText(png, lang, { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, { turn: false });
  const text = read.lines.map((l) => l.text).join('\n');
  return { cer: characterErrorRate(lines.join('\n'), text), read: text, layout: read.layout };
}

describe('OCR of rendered text', () => {
  it('reads a line and a paragraph in each language with at most 5% character errors', async () => {
    const results = [];
    // One language at a time: each reading runs two or more tesseract processes of its own.
    for (const { lang, line, paragraph } of SAMPLES) {
      const [one, many] = await Promise.all([cerOf(lang, [line]), cerOf(lang, paragraph)]);
      results.push({ lang, one, many });
    }
    const percent = (cer: number) => `${(cer * 100).toFixed(1)}%`;
    const rows = results.map(
      ({ lang, one, many }) => `${lang}\t${percent(one.cer)} (${one.layout})\t${percent(many.cer)} (${many.layout})`,
    );
    console.log(`CER per language (rendered line / paragraph):\n${rows.join('\n')}`);
    for (const { lang, one, many } of results) {
      expect(one.cer, `${lang} line read as ${one.read}`).toBeLessThanOrEqual(0.05);
      expect(many.cer, `${lang} paragraph read as ${many.read}`).toBeLessThanOrEqual(0.05);
    }
  }, 180_000);
});
