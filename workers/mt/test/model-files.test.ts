import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMarianConfig } from '../src/engine/marian-config';
import { findModelFiles } from '../src/engine/model-files';
import { ModelFilesError } from '../src/errors';
import { makePlaceholderModel, MINIMAL_CONFIG } from './support/model-folders';

const root = mkdtempSync(path.join(os.tmpdir(), 'mt-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findModelFiles', () => {
  it('finds an fp32 export with tokenizer.json', () => {
    const dir = makePlaceholderModel(path.join(root, 'fp32'));
    const files = findModelFiles(dir);
    expect(files.encoder).toBe(path.join(dir, 'onnx/encoder_model.onnx'));
    expect(files.decoder).toBe(path.join(dir, 'onnx/decoder_model_merged.onnx'));
    expect(files.tokenizer.kind).toBe('tokenizer.json');
    expect(files.quantized).toBe(false);
    expect(files.generationConfig).toBeUndefined();
  });

  it('prefers *_quantized.onnx when asked and falls back to the other variant', () => {
    const dir = makePlaceholderModel(path.join(root, 'both'), [
      'tokenizer.json',
      'onnx/encoder_model.onnx',
      'onnx/decoder_model_merged.onnx',
      'onnx/encoder_model_quantized.onnx',
      'onnx/decoder_model_merged_quantized.onnx',
    ]);
    expect(findModelFiles(dir, { quantized: true }).encoder).toMatch(/encoder_model_quantized\.onnx$/);
    expect(findModelFiles(dir).encoder).toMatch(/encoder_model\.onnx$/);
    const int8Only = makePlaceholderModel(path.join(root, 'int8'), [
      'tokenizer.json',
      'onnx/encoder_model_quantized.onnx',
      'onnx/decoder_model_merged_quantized.onnx',
    ]);
    expect(findModelFiles(int8Only).quantized).toBe(true);
  });

  it('prefers the SentencePiece files when complete, and tokenizer.json when asked or when they are not', () => {
    const dir = makePlaceholderModel(path.join(root, 'spm'), [
      'source.spm',
      'target.spm',
      'vocab.json',
      'onnx/encoder_model.onnx',
      'onnx/decoder_model_merged.onnx',
    ]);
    expect(findModelFiles(dir).tokenizer.kind).toBe('spm');
    expect(() => findModelFiles(dir, { tokenizer: 'tokenizer.json' })).toThrow(/missing tokenizer\.json/);
    writeFileSync(path.join(dir, 'tokenizer.json'), '{}');
    expect(findModelFiles(dir).tokenizer.kind).toBe('spm');
    expect(findModelFiles(dir, { tokenizer: 'tokenizer.json' }).tokenizer.kind).toBe('tokenizer.json');
    rmSync(path.join(dir, 'vocab.json'));
    expect(findModelFiles(dir).tokenizer.kind).toBe('tokenizer.json');
    expect(() => findModelFiles(dir, { tokenizer: 'spm' })).toThrow(/missing vocab\.json/);
  });

  it('names the missing file', () => {
    expect(() => findModelFiles(path.join(root, 'nowhere'))).toThrow(/model folder not found/);
    const noDecoder = makePlaceholderModel(path.join(root, 'no-decoder'), ['tokenizer.json', 'onnx/encoder_model.onnx']);
    expect(() => findModelFiles(noDecoder)).toThrow(/missing onnx\/decoder_model_merged\.onnx/);
    const noTokenizer = makePlaceholderModel(path.join(root, 'no-tok'), [
      'source.spm',
      'onnx/encoder_model.onnx',
      'onnx/decoder_model_merged.onnx',
    ]);
    expect(() => findModelFiles(noTokenizer)).toThrow(/missing tokenizer\.json \(or target\.spm/);
    try {
      findModelFiles(noDecoder);
    } catch (err) {
      expect(err).toBeInstanceOf(ModelFilesError);
      expect((err as ModelFilesError).codeName).toBe('MODEL_INVALID');
    }
  });
});

describe('parseMarianConfig', () => {
  it('reads the cache geometry and lets generation_config.json override generation settings', () => {
    const config = parseMarianConfig(
      { ...MINIMAL_CONFIG, num_beams: 4, bad_words_ids: [[99]] },
      { max_length: 128, num_beams: 6, eos_token_id: 0, forced_eos_token_id: 0 },
    );
    expect(config).toMatchObject({
      decoderLayers: 2,
      decoderHeads: 4,
      headDim: 16,
      vocabSize: 100,
      padTokenId: 99,
      eosTokenIds: [0],
      decoderStartTokenId: 99,
      maxLength: 128,
      numBeams: 6,
      bannedTokenIds: [99],
      forcedEosTokenId: 0,
    });
  });

  it('falls back to the pad token as decoder start and to 512 tokens', () => {
    const { decoder_start_token_id: _, max_length: __, ...bare } = MINIMAL_CONFIG;
    const config = parseMarianConfig(bare);
    expect(config.decoderStartTokenId).toBe(99);
    expect(config.maxLength).toBe(512);
  });

  it('names a missing field', () => {
    const { d_model: _, ...noWidth } = MINIMAL_CONFIG;
    expect(() => parseMarianConfig(noWidth, {}, '/m')).toThrow(/config\.json lacks d_model \(model folder \/m\)/);
  });
});
