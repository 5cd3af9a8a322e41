/**
 * Renders written CJK text with pdf.js (through @napi-rs/canvas, which pdfjs-dist installs for
 * Node) and checks every character cell has ink. This guards the CFF subsetting fix
 * (src/formats/pdf/cff-subset-fix.ts): without it these characters rendered blank.
 */
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { loadPdf } from '../src/formats/pdf/pdfjs-load.js';
import { fixture } from './pdf-helpers.js';

const canvasModule = await import('@napi-rs/canvas').catch(() => undefined);

describe.skipIf(!canvasModule)('pdf CJK rendering', () => {
  it('draws every glyph of the embedded Noto subset', async () => {
    const doc = await pdfFormat.open(await fixture('issue3521.pdf'), { srcLang: 'zh-cn' });
    // Full-width punctuation sits in another of Noto CJK's font dicts than the ideographs: the
    // fontkit bug broke every ideograph that came after the first punctuation mark. All
    // characters are 1 em wide; the punctuation itself has too little ink to check.
    const text = '这是中文，翻译文本会被自动换行。并缩小以适合原始方框：我们都是黑体字';
    const translations = new Map(doc.paragraphs.map((p) => [p.id, { target: text, sentences: [] }]));
    const out = await doc.write(translations, { mode: 0, srcLang: 'zh-cn', tgtLang: 'zh-cn' });

    const pdf = await loadPdf(out);
    const page = await pdf.getPage(1);
    const lines = (await page.getTextContent()).items.filter((i) => 'str' in i && i.str.length > 0) as {
      str: string;
      transform: number[];
      width: number;
    }[];
    expect(lines.map((line) => line.str).join('')).toBe(text);

    const scale = 2;
    const viewport = page.getViewport({ scale });
    const canvas = canvasModule!.createCanvas(viewport.width, viewport.height);
    const context = canvas.getContext('2d');
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;

    const blank: string[] = [];
    for (const line of lines) {
      const [size, x, y] = [line.transform[3]!, line.transform[4]!, line.transform[5]!];
      const chars = [...line.str];
      const cell = line.width / chars.length;
      chars.forEach((char, i) => {
        const [left, top] = viewport.convertToViewportPoint(x + i * cell + 0.5, y + 0.85 * size);
        const [right, bottom] = viewport.convertToViewportPoint(x + (i + 1) * cell - 0.5, y - 0.1 * size);
        const w = Math.max(1, Math.round(right! - left!));
        const h = Math.max(1, Math.round(bottom! - top!));
        const pixels = context.getImageData(Math.round(left!), Math.round(top!), w, h).data;
        let dark = 0;
        for (let p = 0; p < pixels.length; p += 4) if (pixels[p + 3]! > 128 && pixels[p]! < 160) dark++;
        if (!'，。：'.includes(char) && dark < 0.05 * w * h) blank.push(char);
      });
    }
    expect(blank).toEqual([]);
    await pdf.destroy();
  });
});
