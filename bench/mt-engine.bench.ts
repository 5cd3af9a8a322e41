/**
 * Throughput of the local MT engine against transformers.js on the same ONNX files, in one run:
 * an OPUS-MT-sized Marian model (random weights, built once under .data/bench-models/), greedy
 * decoding of a fixed 32 new tokens per sentence (EOS masked: random weights never end sensibly),
 * at batch 1 and batch 32, on CPU with the same thread count. Both engines get the same source
 * ids, so tokenization is not part of the figure. Prints target tokens/second; no assertions.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@mtp/gateway';
import { findModelFiles, MarianEngine } from '@mtp/mt-worker';
import { ensureOpusSizedModel, OPUS_SIZED_DIR } from './support/opus-sized-model';

const NEW_TOKENS = 32;
const BATCHES = [1, 32];
/** Timed runs per (engine, batch) after one warm-up run each; the best is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THREADS = Number(process.env.MT_THREADS ?? Math.min(8, os.availableParallelism()));
/** MT_BENCH_MODEL: an existing model folder (a real OPUS-MT export, say) instead of the random one. */
const MODEL_DIR = path.resolve(process.env.MT_BENCH_MODEL ?? OPUS_SIZED_DIR);
const MODELS_ROOT = path.dirname(MODEL_DIR);
const PAIR = path.basename(MODEL_DIR);

const SENTENCES = [
  'The committee approved the new budget after a long discussion.',
  'Please send the signed contract back to us by Friday.',
  'Our servers will be offline for maintenance tonight.',
  'She has been working on this translation project for three years.',
  'The weather forecast says it will rain in the afternoon.',
  'Could you tell me where the nearest train station is?',
  'Prices rose sharply in the second quarter of the year.',
  'The software update fixes several security problems.',
];

/**
 * Best time of each engine over RUNS, after one warm-up each. The engines alternate run by run,
 * so a burst of load from other processes on the machine hits both alike.
 */
async function race(a: () => Promise<number>, b: () => Promise<number>): Promise<[Timing, Timing]> {
  const out: [Timing, Timing] = [
    { seconds: Infinity, tokens: await a() },
    { seconds: Infinity, tokens: await b() },
  ];
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of [a, b].entries()) {
      const t = performance.now();
      out[k]!.tokens = await run();
      out[k]!.seconds = Math.min(out[k]!.seconds, (performance.now() - t) / 1000);
    }
  }
  return out;
}

type Timing = { seconds: number; tokens: number };

/** Loads both engines on one precision of the model files and prints their figures per batch size. */
async function compare(precision: 'fp32' | 'int8'): Promise<void> {
  const quantized = precision === 'int8';
  const ours = await MarianEngine.load(MODEL_DIR, { threads: THREADS, provider: 'cpu', batchSize: Math.max(...BATCHES), quantized });
  const { AutoModelForSeq2SeqLM, Tensor, env } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.localModelPath = MODELS_ROOT;
  const theirs = await AutoModelForSeq2SeqLM.from_pretrained(PAIR, {
    // q8 is transformers.js's name for the `*_quantized.onnx` files.
    dtype: quantized ? 'q8' : 'fp32',
    device: 'cpu',
    session_options: { intraOpNumThreads: THREADS, interOpNumThreads: 1 },
  });
  const info = ours.info();
  console.log(`${precision} (${info.encoder}, ${info.decoder})`);
  for (const batch of BATCHES) {
    const ids = Array.from({ length: batch }, (_, i) => ours.tokenizer.encode(SENTENCES[i % SENTENCES.length]!));
    const width = Math.max(...ids.map((s) => s.length));
    const flat = new BigInt64Array(batch * width).fill(BigInt(ours.config.padTokenId));
    const mask = new BigInt64Array(batch * width);
    ids.forEach((s, r) => s.forEach((id, t) => ((flat[r * width + t] = BigInt(id)), (mask[r * width + t] = 1n))));

    const [a, b] = await race(
      async () => {
        const out = await ours.generate(ids, { maxLength: NEW_TOKENS, minLength: NEW_TOKENS });
        return out.reduce((n, s) => n + s.length, 0);
      },
      async () => {
        const out = (await theirs.generate({
          inputs: new Tensor('int64', flat, [batch, width]),
          attention_mask: new Tensor('int64', mask, [batch, width]),
          max_new_tokens: NEW_TOKENS,
          min_new_tokens: NEW_TOKENS,
          num_beams: 1,
          do_sample: false,
        })) as { dims: number[] };
        // [batch, 1 + new tokens]: the decoder start token leads each row.
        return batch * (out.dims[1]! - 1);
      },
    );
    const oursRate = a.tokens / a.seconds;
    const theirsRate = b.tokens / b.seconds;
    console.log(
      `  batch ${String(batch).padStart(2)}  ours ${oursRate.toFixed(1).padStart(7)} tok/s (${a.tokens} tokens in ${a.seconds.toFixed(3)} s)  ` +
        `transformers.js ${theirsRate.toFixed(1).padStart(7)} tok/s (${b.tokens} tokens in ${b.seconds.toFixed(3)} s)  ratio ${(oursRate / theirsRate).toFixed(2)}x`,
    );
  }
  await ours.dispose();
  await theirs.dispose();
}

if (ensureOpusSizedModel(MODEL_DIR)) {
  const files = findModelFiles(MODEL_DIR);
  const config = JSON.parse(readFileSync(files.config, 'utf8')) as { d_model: number; decoder_layers: number; vocab_size: number };
  const shown = MODEL_DIR.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, MODEL_DIR) : MODEL_DIR;
  console.log(`model: ${shown} (d_model ${config.d_model}, ${config.decoder_layers} decoder layers, vocab ${config.vocab_size})`);
  console.log(`CPU, ${THREADS} threads, greedy, ${NEW_TOKENS} new tokens per sentence, best of ${RUNS} alternating runs after a warm-up`);
  await compare('fp32');
  if (existsSync(path.join(MODEL_DIR, 'onnx/decoder_model_merged_quantized.onnx'))) await compare('int8');
  else console.log('int8: no onnx/*_quantized.onnx in the model folder (the build script writes them when onnxruntime is importable)');
}
