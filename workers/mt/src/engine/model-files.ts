/**
 * Finds the files of a Marian / OPUS-MT export in the Hugging Face ONNX layout and checks that
 * everything the engine needs is there, naming the first missing file in the error.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ModelFilesError } from '../errors';

export type TokenizerFiles =
  | { kind: 'tokenizer.json'; tokenizerJson: string; tokenizerConfig: string | undefined }
  | { kind: 'spm'; sourceSpm: string; targetSpm: string; vocabJson: string; tokenizerConfig: string | undefined };

export type ModelFiles = {
  dir: string;
  config: string;
  /** Optional in HF exports: absent, the generation settings come from config.json. */
  generationConfig: string | undefined;
  tokenizer: TokenizerFiles;
  encoder: string;
  decoder: string;
  quantized: boolean;
  /** `checksums.sha256` beside the model, when the folder carries one (it fixes modelVersion). */
  checksums: string | undefined;
};

export type FindModelFilesOptions = {
  /** Prefer `*_quantized.onnx` (int8); either way the other variant is the fallback. */
  quantized?: boolean;
  /** auto (default): the SentencePiece files when complete, else tokenizer.json. */
  tokenizer?: TokenizerChoice;
};

function file(dir: string, name: string): string | undefined {
  const p = path.join(dir, name);
  return existsSync(p) && statSync(p).isFile() ? p : undefined;
}

function pickOnnx(dir: string, base: string, quantized: boolean): { path: string; quantized: boolean } {
  const fp32 = file(dir, `onnx/${base}.onnx`);
  const int8 = file(dir, `onnx/${base}_quantized.onnx`);
  const first = quantized ? int8 : fp32;
  if (first) return { path: first, quantized };
  const second = quantized ? fp32 : int8;
  if (second) return { path: second, quantized: !quantized };
  throw new ModelFilesError(dir, `missing onnx/${base}.onnx (or onnx/${base}_quantized.onnx)`);
}

export type TokenizerChoice = 'auto' | 'tokenizer.json' | 'spm';

function findTokenizer(dir: string, choice: TokenizerChoice): TokenizerFiles {
  const tokenizerConfig = file(dir, 'tokenizer_config.json');
  const tokenizerJson = file(dir, 'tokenizer.json');
  const spm = { sourceSpm: file(dir, 'source.spm'), targetSpm: file(dir, 'target.spm'), vocabJson: file(dir, 'vocab.json') };
  const { sourceSpm, targetSpm, vocabJson } = spm;
  const spmFiles =
    sourceSpm && targetSpm && vocabJson ? { kind: 'spm' as const, sourceSpm, targetSpm, vocabJson, tokenizerConfig } : undefined;
  const jsonFiles = tokenizerJson ? { kind: 'tokenizer.json' as const, tokenizerJson, tokenizerConfig } : undefined;
  if (choice === 'spm' && !spmFiles) {
    throw new ModelFilesError(dir, `missing ${missingSpmFile(spm)} (the SentencePiece tokenizer was asked for)`);
  }
  if (choice === 'tokenizer.json' && !jsonFiles) throw new ModelFilesError(dir, 'missing tokenizer.json (it was asked for)');
  // auto: the SentencePiece files are what the model was trained with (MarianTokenizer);
  // a converted tokenizer.json may segment text outside the training domain differently.
  const found = choice === 'tokenizer.json' ? jsonFiles : (spmFiles ?? jsonFiles);
  if (found) return found;
  throw new ModelFilesError(dir, `missing tokenizer.json (or ${missingSpmFile(spm)} of source.spm + target.spm + vocab.json)`);
}

function missingSpmFile(spm: Record<'sourceSpm' | 'targetSpm' | 'vocabJson', string | undefined>): string {
  if (!spm.sourceSpm) return 'source.spm';
  if (!spm.targetSpm) return 'target.spm';
  return 'vocab.json';
}

export function findModelFiles(dir: string, options: FindModelFilesOptions = {}): ModelFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ModelFilesError(dir, 'model folder not found');
  const config = file(dir, 'config.json');
  if (!config) throw new ModelFilesError(dir, 'missing config.json');
  const tokenizer = findTokenizer(dir, options.tokenizer ?? 'auto');
  const encoder = pickOnnx(dir, 'encoder_model', options.quantized ?? false);
  const decoder = pickOnnx(dir, 'decoder_model_merged', encoder.quantized);
  return {
    dir,
    config,
    generationConfig: file(dir, 'generation_config.json'),
    tokenizer,
    encoder: encoder.path,
    decoder: decoder.path,
    quantized: encoder.quantized && decoder.quantized,
    checksums: file(dir, 'checksums.sha256'),
  };
}
