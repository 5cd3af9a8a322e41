/**
 * The real engine on the committed tiny models (numbers as English words <-> Chinese numerals,
 * see test-models/README.md): held-out accuracy with greedy and beam search, batch = single,
 * tokenizer.json = SentencePiece, layout kept, and clear errors for broken folders.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarianEngine } from '../src/engine/marian-engine';
import { findModelFiles } from '../src/engine/model-files';
import { loadMarianTokenizer } from '../src/engine/tokenizer';
import { ModelFilesError } from '../src/errors';
import { readHeldout, testModelDir } from './support/model-folders';

const PAIRS = ['en-us_zh-cn', 'zh-cn_en-us'] as const;
const engines = {} as Record<(typeof PAIRS)[number], MarianEngine>;
const root = mkdtempSync(path.join(os.tmpdir(), 'mt-engine-'));

beforeAll(async () => {
  for (const pair of PAIRS) engines[pair] = await MarianEngine.load(testModelDir(pair), { threads: 2 });
});

afterAll(async () => {
  await Promise.all(Object.values(engines).map((e) => e.dispose()));
  rmSync(root, { recursive: true, force: true });
});

async function accuracy(pair: (typeof PAIRS)[number], beams: number): Promise<{ correct: number; total: number; outputs: string[] }> {
  const heldout = readHeldout(pair);
  const outputs = await engines[pair].translate(
    heldout.map((h) => h.source),
    { beams },
  );
  const correct = outputs.filter((o, i) => o === heldout[i]!.target).length;
  console.info(`${pair} held-out, ${beams === 1 ? 'greedy' : `beam ${beams}`}: ${correct}/${heldout.length} exact`);
  return { correct, total: heldout.length, outputs };
}

describe.each(PAIRS)('MarianEngine on %s', (pair) => {
  const greedy = { correct: 0, total: 0, outputs: [] as string[] };

  it('reports what it loaded', () => {
    const info = engines[pair].info();
    expect(info).toMatchObject({ provider: 'cpu', tokenizer: 'spm', quantized: false, threads: 2 });
    expect(info.encoder).toBe('onnx/encoder_model.onnx');
    expect(info.decoder).toBe('onnx/decoder_model_merged.onnx');
    expect(info.sourceLang).toBe(pair.split('_')[0]);
    // Single-target models have no >>lang<< tokens; nothing is put before the source.
    expect(info.targetLanguageToken).toBeUndefined();
    expect(engines[pair].modelVersion).toMatch(/^[0-9a-f]{12}$/);
  });

  it('translates >= 98% of the held-out set exactly with greedy decoding', async () => {
    Object.assign(greedy, await accuracy(pair, 1));
    expect(greedy.correct / greedy.total).toBeGreaterThanOrEqual(0.98);
  });

  it('gives the same output for a sentence alone as inside a batch', async () => {
    const heldout = readHeldout(pair).slice(0, 24);
    const batched = await engines[pair].translate(heldout.map((h) => h.source));
    const single: string[] = [];
    for (const h of heldout) single.push(...(await engines[pair].translate([h.source])));
    expect(single).toEqual(batched);
  });

  it('beam search (3 beams) runs and is at least as accurate as greedy', async () => {
    const beam = await accuracy(pair, 3);
    expect(beam.correct).toBeGreaterThanOrEqual(greedy.correct);
  });

  it('tokenizes held-out inputs identically through source.spm + vocab.json and tokenizer.json', () => {
    const files = findModelFiles(testModelDir(pair), { tokenizer: 'tokenizer.json' });
    expect(files.tokenizer.kind).toBe('tokenizer.json');
    const config = engines[pair].config;
    const json = loadMarianTokenizer(files.tokenizer, { eosId: config.eosTokenIds[0]!, padId: config.padTokenId }, files.dir);
    const spm = engines[pair].tokenizer;
    for (const { source } of readHeldout(pair)) {
      const ids = spm.encode(source);
      expect(json.encode(source)).toEqual(ids);
      expect(json.decode(ids)).toBe(spm.decode(ids));
    }
  });

  it('keeps line breaks and blank lines, translating each line', async () => {
    const [a, b] = readHeldout(pair);
    const [out] = await engines[pair].translate([`${a!.source}\n\n  ${b!.source}\n`]);
    expect(out).toBe(`${a!.target}\n\n  ${b!.target}\n`);
    expect(await engines[pair].translate(['', ' \n '])).toEqual(['', ' \n ']);
  });

  it('gives lines of code, numbers and math back as they are, translating the rest', async () => {
    const [a] = readHeldout(pair);
    const [out] = await engines[pair].translate([`COMPANY_CODE\n${a!.source}\n59600 MT\nx² + y² = r²`]);
    expect(out).toBe(`COMPANY_CODE\n${a!.target}\n59600 MT\nx² + y² = r²`);
  });
});

describe('MarianEngine with tokenizer.json', () => {
  it('translates the same as with the SentencePiece files', async () => {
    const engine = await MarianEngine.load(testModelDir('zh-cn_en-us'), { tokenizer: 'tokenizer.json', threads: 1 });
    try {
      expect(engine.info().tokenizer).toBe('tokenizer.json');
      const sources = readHeldout('zh-cn_en-us')
        .slice(0, 50)
        .map((h) => h.source);
      expect(await engine.translate(sources)).toEqual(await engines['zh-cn_en-us'].translate(sources));
    } finally {
      await engine.dispose();
    }
  });
});

describe('MarianEngine.load errors', () => {
  it('names a missing folder and a missing file', async () => {
    await expect(MarianEngine.load(path.join(root, 'absent'))).rejects.toThrow(/model folder not found/);
    const broken = path.join(root, 'en-us_zh-cn');
    cpSync(testModelDir('en-us_zh-cn'), broken, { recursive: true });
    rmSync(path.join(broken, 'onnx/decoder_model_merged.onnx'));
    const attempt = MarianEngine.load(broken);
    await expect(attempt).rejects.toBeInstanceOf(ModelFilesError);
    await expect(attempt).rejects.toThrow(
      `missing onnx/decoder_model_merged.onnx (or onnx/decoder_model_merged_quantized.onnx) (model folder ${broken})`,
    );
  });
});
