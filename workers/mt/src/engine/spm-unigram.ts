/**
 * SentencePiece's Unigram segmentation (unigram_model.cc): the Viterbi path through a lattice of
 * the model's pieces over the normalized text. Control, unused and byte pieces never match text;
 * a character no piece covers becomes an unknown node (min score - 10), and a run of unknown
 * characters is fused into one piece, as `spm.encode(out_type=str)` answers.
 */
import { PIECE_TYPE, type SpmModel } from './spm-model';

/** unigram_model.cc: kUnkPenalty */
const UNK_PENALTY = 10;

type TrieNode = { next: Map<string, TrieNode>; id: number };

export type SpmSegment = { piece: string; id: number; unknown: boolean };

export class UnigramSegmenter {
  private readonly root: TrieNode = { next: new Map(), id: -1 };
  private readonly scores: Float64Array;
  private readonly unkScore: number;
  private readonly unkId: number;

  constructor(model: Pick<SpmModel, 'pieces' | 'unkId'>) {
    let minScore = Infinity;
    let maxScore = -Infinity;
    for (const p of model.pieces) {
      if (p.type !== PIECE_TYPE.NORMAL) continue;
      minScore = Math.min(minScore, p.score);
      maxScore = Math.max(maxScore, p.score);
    }
    if (!Number.isFinite(minScore)) minScore = maxScore = 0;
    this.unkScore = minScore - UNK_PENALTY;
    this.unkId = model.unkId;
    this.scores = new Float64Array(model.pieces.length);
    model.pieces.forEach((p, id) => {
      if (p.type !== PIECE_TYPE.NORMAL && p.type !== PIECE_TYPE.USER_DEFINED) return;
      if (p.piece === '') return;
      const chars = [...p.piece];
      // User-defined symbols always win over the pieces they overlap (length * max score - 0.1).
      this.scores[id] = p.type === PIECE_TYPE.USER_DEFINED ? chars.length * maxScore - 0.1 : p.score;
      let node = this.root;
      for (const ch of chars) {
        let child = node.next.get(ch);
        if (!child) node.next.set(ch, (child = { next: new Map(), id: -1 }));
        node = child;
      }
      node.id = id;
    });
  }

  segment(normalized: string): SpmSegment[] {
    const chars = [...normalized];
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const backPos = new Int32Array(n + 1).fill(-1);
    const backId = new Int32Array(n + 1).fill(-1);
    best[0] = 0;
    for (let pos = 0; pos < n; pos++) {
      const base = best[pos]!;
      if (base === -Infinity) continue;
      let node: TrieNode | undefined = this.root;
      let hasSingle = false;
      for (let end = pos; end < n && node; end++) {
        node = node.next.get(chars[end]!);
        if (!node || node.id < 0) continue;
        if (end === pos) hasSingle = true;
        const score = base + this.scores[node.id]!;
        if (score > best[end + 1]!) {
          best[end + 1] = score;
          backPos[end + 1] = pos;
          backId[end + 1] = node.id;
        }
      }
      if (!hasSingle) {
        const score = base + this.unkScore;
        if (score > best[pos + 1]!) {
          best[pos + 1] = score;
          backPos[pos + 1] = pos;
          backId[pos + 1] = -1;
        }
      }
    }
    const path: SpmSegment[] = [];
    for (let end = n; end > 0; end = backPos[end]!) {
      const start = backPos[end]!;
      const id = backId[end]!;
      const piece = chars.slice(start, end).join('');
      path.push(id < 0 ? { piece, id: this.unkId, unknown: true } : { piece, id, unknown: false });
    }
    path.reverse();
    const fused: SpmSegment[] = [];
    for (const seg of path) {
      const last = fused[fused.length - 1];
      if (seg.unknown && last?.unknown) last.piece += seg.piece;
      else fused.push(seg);
    }
    return fused;
  }
}
