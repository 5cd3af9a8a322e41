/**
 * @mtp/mt-worker: neural MT on onnxruntime-node. The engine (Marian / OPUS-MT ONNX exports),
 * the models directory (pairs, pivots, pull/list/remove) and the worker's settings.
 */
export { MarianEngine, type EngineInfo, type EngineOptions, type TranslateOptions } from './engine/marian-engine';
export { ThreadedEngine, type TranslationEngine } from './engine/engine-thread';
export { findModelFiles, type ModelFiles } from './engine/model-files';
export { chooseProvider, type Provider } from './engine/onnx-session';
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
export { DEFAULT_MODELS, HUB_GAPS, repoCodes, servingOf, coverageLines, type HubGap, type Serving } from './models/default-set';
export {
  ensureDefaultModels,
  HUB_PROBE_TIMEOUT_MS,
  PULL_IDLE_TIMEOUT_MS,
  type EnsureModelsOptions,
  type EnsureModelsResult,
} from './models/ensure-default-models';
export { translateChain, type TextTranslator } from './models/translate-chain';
export { MtError, PairUnavailableError, ModelFilesError, ModelDownloadError, type MtErrorCode, type DownloadFailure } from './errors';
export { loadMtSettings, loadModelHubSettings, spinSetting, type MtSettings, type ModelHubSettings } from './settings';
export { startMtWorker, type MtWorker, type MtWorkerOptions } from './worker/mt-worker';
export { detectLanguage } from './langid/detect-language';
export { RemoteChatEngine } from './remote/remote-chat-engine';
export { loadRemoteSettings, type RemoteSettings } from './remote/remote-settings';
