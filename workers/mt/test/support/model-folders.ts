/**
 * Test folders: empty placeholder model folders for the registry and file checks (the files
 * exist; their content is never loaded), and paths of the committed tiny test models.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed tiny models; MT_TEST_MODELS_DIR points the tests at another build of them. */
export const TEST_MODELS_DIR = path.resolve(
  process.env.MT_TEST_MODELS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test-models/models'),
);

export const MINIMAL_CONFIG = {
  model_type: 'marian',
  d_model: 64,
  decoder_layers: 2,
  decoder_attention_heads: 4,
  vocab_size: 100,
  pad_token_id: 99,
  eos_token_id: 0,
  decoder_start_token_id: 99,
  max_length: 512,
};

/** A folder with every file the engine looks for, for registry and file-finding tests. */
export function makePlaceholderModel(
  dir: string,
  files: string[] = ['tokenizer.json', 'onnx/encoder_model.onnx', 'onnx/decoder_model_merged.onnx'],
): string {
  mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(MINIMAL_CONFIG));
  for (const f of files) writeFileSync(path.join(dir, f), '{}');
  return dir;
}

export function testModelDir(pair: 'en-us_zh-cn' | 'zh-cn_en-us'): string {
  return path.join(TEST_MODELS_DIR, pair);
}

export function testModelsReady(): boolean {
  return (['en-us_zh-cn', 'zh-cn_en-us'] as const).every((p) => existsSync(path.join(testModelDir(p), 'onnx/decoder_model_merged.onnx')));
}

export function readHeldout(pair: 'en-us_zh-cn' | 'zh-cn_en-us'): { source: string; target: string }[] {
  const text = readFileSync(path.join(testModelDir(pair), 'heldout.tsv'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.includes('\t'))
    .map((l) => {
      const [source, target] = l.split('\t') as [string, string];
      return { source, target };
    });
}
