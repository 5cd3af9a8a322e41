/**
 * The SentencePiece path on a hand-made model (protobuf written here with the same schema the
 * reader uses): normalizer whitespace rules, Unigram segmentation, unknown-run fusion and the
 * vocab.json mapping. The committed test models check it against tokenizer.json and spm_train.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findModelFiles } from '../src/engine/model-files';
import { ModelProto, parseSpmModel, PIECE_TYPE } from '../src/engine/spm-model';
import { SpmNormalizer } from '../src/engine/spm-normalizer';
import { UnigramSegmenter } from '../src/engine/spm-unigram';
import { loadMarianTokenizer, pickTargetLanguageToken } from '../src/engine/tokenizer';
import { testModelDir } from './support/model-folders';

const PIECES = [
  { piece: '</s>', score: 0, type: PIECE_TYPE.CONTROL },
  { piece: '<unk>', score: 0, type: PIECE_TYPE.UNKNOWN },
  { piece: '▁', score: -2 },
  { piece: '▁hello', score: -3 },
  { piece: '▁hell', score: -4 },
  { piece: 'o', score: -4 },
  { piece: '▁world', score: -3 },
  { piece: 'w', score: -5 },
  { piece: 'r', score: -5 },
  { piece: 'l', score: -5 },
  { piece: 'd', score: -5 },
  { piece: 'h', score: -5 },
  { piece: 'e', score: -5 },
  { piece: '▁w', score: -5 },
];

function spmBytes(normalizerSpec: Record<string, unknown> = {}): Uint8Array {
  return ModelProto.encode(ModelProto.fromObject({ pieces: PIECES, normalizerSpec: { name: 'identity', ...normalizerSpec } })).finish();
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'mt-spm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SentencePiece model reader', () => {
  it('reads pieces, types and the proto2 defaults of the normalizer', () => {
    const model = parseSpmModel(spmBytes());
    expect(model.pieces).toHaveLength(PIECES.length);
    expect(model.pieces[3]).toEqual({ piece: '▁hello', score: -3, type: PIECE_TYPE.NORMAL });
    expect(model.unkId).toBe(1);
    expect(model.normalizer).toMatchObject({ addDummyPrefix: true, removeExtraWhitespaces: true, escapeWhitespaces: true });
  });
});

describe('SpmNormalizer', () => {
  it('adds the dummy prefix, squeezes and trims spaces, and escapes them as U+2581', () => {
    const normalizer = new SpmNormalizer(parseSpmModel(spmBytes()));
    expect(normalizer.normalize('  hello   world ')).toBe('▁hello▁world');
    expect(normalizer.normalize('   ')).toBe('');
  });

  it('keeps spaces as they are when the model says so', () => {
    const normalizer = new SpmNormalizer(parseSpmModel(spmBytes({ removeExtraWhitespaces: false, addDummyPrefix: false })));
    expect(normalizer.normalize(' a  b')).toBe('▁a▁▁b');
  });
});

describe('UnigramSegmenter', () => {
  const model = parseSpmModel(spmBytes());
  const segmenter = new UnigramSegmenter(model);

  it('takes the best-scoring path', () => {
    expect(segmenter.segment('▁hello▁world').map((s) => s.piece)).toEqual(['▁hello', '▁world']);
    // '▁hell' + 'o' (-8) loses to '▁hello' (-3); 'wor' has no piece, so it is spelled out.
    expect(segmenter.segment('▁hellow').map((s) => s.piece)).toEqual(['▁hello', 'w']);
  });

  it('fuses a run of unknown characters into one unknown piece and never matches control pieces', () => {
    const segs = segmenter.segment('▁hello☃☃▁</s>');
    expect(segs.map((s) => [s.piece, s.unknown])).toEqual([
      ['▁hello', false],
      ['☃☃', true],
      ['▁', false],
      ['</s>', true],
    ]);
  });
});

describe('MarianTokenizer over source.spm + vocab.json', () => {
  it('maps pieces through vocab.json, appends </s>, and decodes without special tokens', () => {
    writeFileSync(path.join(dir, 'source.spm'), spmBytes());
    writeFileSync(path.join(dir, 'target.spm'), spmBytes());
    // vocab.json numbers pieces its own way (shared vocabulary of both sides, <pad> last).
    const vocab = { '</s>': 0, '<unk>': 1, '▁world': 2, '▁hello': 3, w: 4, '▁': 5, '<pad>': 6 };
    writeFileSync(path.join(dir, 'vocab.json'), JSON.stringify(vocab));
    const tokenizer = loadMarianTokenizer(
      {
        kind: 'spm',
        sourceSpm: path.join(dir, 'source.spm'),
        targetSpm: path.join(dir, 'target.spm'),
        vocabJson: path.join(dir, 'vocab.json'),
        tokenizerConfig: undefined,
      },
      { eosId: 0, padId: 6 },
      dir,
    );
    expect(tokenizer.encode('hello world')).toEqual([3, 2, 0]);
    // 'd' is a source piece missing from vocab.json: it maps to <unk> as in MarianTokenizer.
    expect(tokenizer.encode('hello d')).toEqual([3, 5, 1, 0]);
    expect(tokenizer.encode('hello world hello', 3)).toEqual([3, 2, 0]);
    expect(tokenizer.decode([6, 3, 2, 1, 0])).toBe('hello world');
  });

  it('puts the target-language token of a multi-target model first and never decodes it', () => {
    const vocab = { '</s>': 0, '<unk>': 1, '▁world': 2, '▁hello': 3, '>>cmn_Hans<<': 4, '>>jpn<<': 5, '<pad>': 6 };
    writeFileSync(path.join(dir, 'vocab.json'), JSON.stringify(vocab));
    const tokenizer = loadMarianTokenizer(
      {
        kind: 'spm',
        sourceSpm: path.join(dir, 'source.spm'),
        targetSpm: path.join(dir, 'target.spm'),
        vocabJson: path.join(dir, 'vocab.json'),
        tokenizerConfig: undefined,
      },
      { eosId: 0, padId: 6 },
      dir,
    );
    expect(pickTargetLanguageToken(tokenizer, 'zh-cn')).toBe('>>cmn_Hans<<');
    expect(pickTargetLanguageToken(tokenizer, 'ja')).toBe('>>jpn<<');
    expect(pickTargetLanguageToken(tokenizer, 'ru')).toBeUndefined();
    expect(tokenizer.encode('hello world', Infinity, [4])).toEqual([4, 3, 2, 0]);
    expect(tokenizer.decode([4, 3, 2, 0])).toBe('hello world');
  });
});

describe('the SentencePiece path against the SentencePiece library', () => {
  // fixtures/make_spm_reference.py: python3-sentencepiece + vocab.json, as MarianTokenizer maps them.
  const reference = JSON.parse(readFileSync(fileURLToPath(new URL('fixtures/spm-reference.json', import.meta.url)), 'utf8')) as {
    cases: string[];
    pairs: Record<'en-us_zh-cn' | 'zh-cn_en-us', { source_spm_sha256: string; ids: number[][] }>;
  };

  it.each(['en-us_zh-cn', 'zh-cn_en-us'] as const)('gives the library ids on %s, tricky inputs included', (pair) => {
    const dir = testModelDir(pair);
    const files = findModelFiles(dir, { tokenizer: 'spm' });
    const sha = createHash('sha256')
      .update(readFileSync(path.join(dir, 'source.spm')))
      .digest('hex');
    expect(sha, 'source.spm changed: rerun /usr/bin/python3 workers/mt/test/fixtures/make_spm_reference.py').toBe(
      reference.pairs[pair].source_spm_sha256,
    );
    const config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as { eos_token_id: number; pad_token_id: number };
    const tokenizer = loadMarianTokenizer(files.tokenizer, { eosId: config.eos_token_id, padId: config.pad_token_id }, dir);
    expect(reference.cases.map((c) => tokenizer.encode(c))).toEqual(reference.pairs[pair].ids);
  });
});
