/**
 * Greedy and beam search on synthetic logits: a tiny decoder whose next-token distribution is a
 * table keyed by (sentence, prefix). It keeps per-row state the way the KV cache does, so beam
 * reordering and dropping finished rows are checked against the sequences they must carry.
 */
import { describe, expect, it } from 'vitest';
import { beamSearch } from '../src/engine/beam-search';
import { greedySearch } from '../src/engine/greedy-search';
import type { SearchOptions, StepDecoder } from '../src/engine/step-decoder';

const EOS = 0;
const A = 1;
const B = 2;
const PAD = 3;
const VOCAB = 4;

type Table = Record<string, Partial<Record<number, number>>>;

class TableDecoder implements StepDecoder {
  readonly vocabSize = VOCAB;
  selects = 0;
  private state: { sentence: number; prefix: number[] }[];

  constructor(
    private readonly tables: Table[],
    beams = 1,
  ) {
    this.state = tables.flatMap((_, sentence) => Array.from({ length: beams }, () => ({ sentence, prefix: [] as number[] })));
  }

  get rows() {
    return this.state.length;
  }

  async step(tokens: readonly number[]): Promise<Float32Array> {
    const out = new Float32Array(this.rows * VOCAB).fill(Math.log(1e-6));
    tokens.forEach((t, r) => {
      const row = this.state[r]!;
      if (t !== PAD) row.prefix.push(t);
      const probs = this.tables[row.sentence]![row.prefix.join(',')] ?? { [EOS]: 1 };
      for (const [tok, p] of Object.entries(probs)) out[r * VOCAB + Number(tok)] = Math.log(p!);
    });
    return out;
  }

  select(indices: readonly number[]): void {
    this.selects++;
    this.state = indices.map((i) => ({ sentence: this.state[i]!.sentence, prefix: [...this.state[i]!.prefix] }));
  }
}

const options: SearchOptions = { decoderStartTokenId: PAD, eosTokenIds: [EOS], bannedTokenIds: [PAD], maxNewTokens: 10 };

// Greedy takes A (0.6) then A (0.4) then EOS: p = 0.238. B then EOS has p = 0.396: beam search finds it.
const GARDEN_PATH: Table = {
  '': { [A]: 0.6, [B]: 0.4 },
  '1': { [A]: 0.4, [B]: 0.3, [EOS]: 0.3 },
  '1,1': { [EOS]: 0.99 },
  '2': { [EOS]: 0.99 },
};
const STRAIGHT: Table = { '': { [B]: 0.9 }, '2': { [B]: 0.9 }, '2,2': { [A]: 0.9 }, '2,2,1': { [EOS]: 0.9 } };
const SHORT: Table = { '': { [EOS]: 0.9, [A]: 0.1 } };

describe('greedySearch', () => {
  it('takes the argmax each step, per sentence, and stops at EOS', async () => {
    const out = await greedySearch(new TableDecoder([GARDEN_PATH, STRAIGHT, SHORT]), 3, options);
    expect(out).toEqual([[A, A], [B, B, A], []]);
  });

  it('drops finished rows from the batch without mixing up the others', async () => {
    const decoder = new TableDecoder([SHORT, STRAIGHT, SHORT, GARDEN_PATH]);
    expect(await greedySearch(decoder, 4, options)).toEqual([[], [B, B, A], [], [A, A]]);
    expect(decoder.selects).toBeGreaterThan(0);
  });

  it('never emits banned tokens, masks EOS below the minimum length and stops at the maximum', async () => {
    const padLoves: Table = { '': { [PAD]: 0.9, [A]: 0.1 } };
    expect(await greedySearch(new TableDecoder([padLoves]), 1, { ...options, maxNewTokens: 1 })).toEqual([[A]]);
    const forced = await greedySearch(new TableDecoder([SHORT]), 1, { ...options, minNewTokens: 3, maxNewTokens: 3 });
    expect(forced).toHaveLength(1);
    expect(forced[0]).toHaveLength(3);
    expect(forced[0]).not.toContain(EOS);
  });
});

describe('beamSearch', () => {
  it('finds the more probable sequence greedy search misses', async () => {
    const out = await beamSearch(new TableDecoder([GARDEN_PATH], 2), 1, { ...options, beams: 2 });
    expect(out).toEqual([[B]]);
  });

  it('keeps each sentence on its own beams through reordering', async () => {
    const out = await beamSearch(new TableDecoder([STRAIGHT, GARDEN_PATH, SHORT], 3), 3, { ...options, beams: 3 });
    expect(out).toEqual([[B, B, A], [B], []]);
  });

  it('agrees with greedy search when one beam is clearly best', async () => {
    const greedy = await greedySearch(new TableDecoder([STRAIGHT]), 1, options);
    const beam = await beamSearch(new TableDecoder([STRAIGHT], 4), 1, { ...options, beams: 4 });
    expect(beam).toEqual(greedy);
  });

  it('returns the best live beam when the maximum length cuts the search', async () => {
    const out = await beamSearch(new TableDecoder([STRAIGHT], 2), 1, { ...options, beams: 2, maxNewTokens: 2 });
    expect(out).toEqual([[B, B]]);
  });
});
