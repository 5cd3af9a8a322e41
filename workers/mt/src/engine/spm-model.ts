/**
 * Reads a SentencePiece model file (`source.spm` / `target.spm`): the `ModelProto` protobuf
 * with its pieces (string, score, type), the trainer's special ids and the normalizer spec.
 * Only the fields the tokenizer uses are declared; protobufjs skips the rest.
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';

/** sentencepiece_model.proto: ModelProto.SentencePiece.Type */
export const PIECE_TYPE = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, USER_DEFINED: 4, UNUSED: 5, BYTE: 6 } as const;
/** sentencepiece_model.proto: TrainerSpec.ModelType */
export const MODEL_TYPE = { UNIGRAM: 1, BPE: 2, WORD: 3, CHAR: 4 } as const;

export type SpmPiece = { piece: string; score: number; type: number };

export type SpmModel = {
  pieces: SpmPiece[];
  modelType: number;
  unkId: number;
  byteFallback: boolean;
  treatWhitespaceAsSuffix: boolean;
  normalizer: {
    name: string;
    /** Darts double-array trie + replacement strings, as `spm_train` compiled them; may be empty. */
    precompiledCharsmap: Uint8Array;
    addDummyPrefix: boolean;
    removeExtraWhitespaces: boolean;
    escapeWhitespaces: boolean;
  };
};

// Field numbers and defaults from sentencepiece/src/sentencepiece_model.proto (proto2).
const root = protobuf.Root.fromJSON({
  nested: {
    ModelProto: {
      fields: {
        pieces: { rule: 'repeated', type: 'SentencePiece', id: 1 },
        trainerSpec: { type: 'TrainerSpec', id: 2 },
        normalizerSpec: { type: 'NormalizerSpec', id: 3 },
      },
      nested: {
        SentencePiece: {
          fields: {
            piece: { type: 'string', id: 1 },
            score: { type: 'float', id: 2 },
            type: { type: 'int32', id: 3, options: { default: PIECE_TYPE.NORMAL } },
          },
        },
      },
    },
    TrainerSpec: {
      fields: {
        modelType: { type: 'int32', id: 3, options: { default: MODEL_TYPE.UNIGRAM } },
        vocabSize: { type: 'int32', id: 4 },
        treatWhitespaceAsSuffix: { type: 'bool', id: 24 },
        byteFallback: { type: 'bool', id: 35 },
        unkId: { type: 'int32', id: 40 },
      },
    },
    NormalizerSpec: {
      fields: {
        name: { type: 'string', id: 1 },
        precompiledCharsmap: { type: 'bytes', id: 2 },
        addDummyPrefix: { type: 'bool', id: 3, options: { default: true } },
        removeExtraWhitespaces: { type: 'bool', id: 4, options: { default: true } },
        escapeWhitespaces: { type: 'bool', id: 5, options: { default: true } },
      },
    },
  },
});

export const ModelProto = root.lookupType('ModelProto');

type Decoded = {
  pieces?: { piece?: string; score?: number; type?: number }[];
  trainerSpec?: { modelType?: number; unkId?: number; byteFallback?: boolean; treatWhitespaceAsSuffix?: boolean };
  normalizerSpec?: {
    name?: string;
    precompiledCharsmap?: Uint8Array;
    addDummyPrefix?: boolean;
    removeExtraWhitespaces?: boolean;
    escapeWhitespaces?: boolean;
  };
};

export function parseSpmModel(bytes: Uint8Array): SpmModel {
  // toObject with defaults fills proto2 defaults (add_dummy_prefix etc. are true when absent).
  const msg = ModelProto.toObject(ModelProto.decode(bytes), { defaults: true }) as Decoded;
  const pieces = (msg.pieces ?? []).map((p) => ({ piece: p.piece ?? '', score: p.score ?? 0, type: p.type ?? PIECE_TYPE.NORMAL }));
  if (pieces.length === 0) throw new Error('no pieces in the SentencePiece model');
  const trainer = msg.trainerSpec ?? {};
  const norm = msg.normalizerSpec ?? {};
  const unkIndex = pieces.findIndex((p) => p.type === PIECE_TYPE.UNKNOWN);
  return {
    pieces,
    modelType: trainer.modelType ?? MODEL_TYPE.UNIGRAM,
    unkId: unkIndex >= 0 ? unkIndex : (trainer.unkId ?? 0),
    byteFallback: trainer.byteFallback ?? false,
    treatWhitespaceAsSuffix: trainer.treatWhitespaceAsSuffix ?? false,
    normalizer: {
      name: norm.name ?? '',
      precompiledCharsmap: norm.precompiledCharsmap ?? new Uint8Array(0),
      addDummyPrefix: norm.addDummyPrefix ?? true,
      removeExtraWhitespaces: norm.removeExtraWhitespaces ?? true,
      escapeWhitespaces: norm.escapeWhitespaces ?? true,
    },
  };
}

export function loadSpmModel(file: string): SpmModel {
  return parseSpmModel(readFileSync(file));
}
