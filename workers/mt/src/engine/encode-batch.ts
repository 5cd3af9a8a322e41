/**
 * Runs the encoder on a padded batch and lays its output out for the decoder: with beam
 * search, each sentence's rows are repeated once per beam (rows s*beams .. s*beams+beams-1).
 */
import ort from 'onnxruntime-node';
import { gatherRows } from './kv-cache';

export async function encodeBatch(
  session: ort.InferenceSession,
  batch: number[][],
  padId: number,
  beams = 1,
): Promise<{ hiddenStates: ort.Tensor; attentionMask: ort.Tensor }> {
  const rows = batch.length;
  const width = Math.max(...batch.map((ids) => ids.length));
  const ids = new BigInt64Array(rows * width).fill(BigInt(padId));
  const mask = new BigInt64Array(rows * width);
  batch.forEach((seq, r) => {
    seq.forEach((id, t) => {
      ids[r * width + t] = BigInt(id);
      mask[r * width + t] = 1n;
    });
  });
  const attentionMask = new ort.Tensor('int64', mask, [rows, width]);
  const feeds: Record<string, ort.Tensor> = { input_ids: new ort.Tensor('int64', ids, [rows, width]), attention_mask: attentionMask };
  const outputs = await session.run(feeds);
  const hiddenStates = outputs.last_hidden_state ?? Object.values(outputs)[0];
  if (!hiddenStates) throw new Error('encoder answered no output');
  if (beams === 1) return { hiddenStates, attentionMask };
  const expand = Array.from({ length: rows * beams }, (_, i) => Math.floor(i / beams));
  return { hiddenStates: gatherRows(hiddenStates, expand), attentionMask: gatherRows(attentionMask, expand) };
}
