/**
 * @mtp/mt-worker: neural MT on onnxruntime-node. The engine (Marian / OPUS-MT ONNX exports),
 * the models directory (pairs, pivots, pull/list/remove) and the worker's settings.
 */
export { MarianEngine, type EngineInfo, type EngineOptions, type TranslateOptions } from './engine/marian-engine';
export { ThreadedEngine, type TranslationEngine } from './engine/engine-thread';
export { findModelFiles, type ModelFiles } from './engine/model-files';
export { chooseProvider, type Provider } from './engine/onnx-session';
export { splitText, joinText, splitSentences } from './engine/sentence-splitter';
export { loadMarianTokenizer, type MarianTokenizer } from './engine/tokenizer';
export {
  ModelRegistry,
  type RegistryOptions,
  type InstalledModel,
  type Resolution,
  type RegistryTranslation,
} from './models/model-registry';
export { pairName, parsePairName, PIVOT, type Pair } from './models/pairs';
export { pullModel, type PullOptions, type PullResult } from './models/pull-model';
export { translateChain, type TextTranslator } from './models/translate-chain';
export { MtError, PairUnavailableError, ModelFilesError, ModelDownloadError, type MtErrorCode } from './errors';
export { loadMtSettings, type MtSettings } from './settings';
