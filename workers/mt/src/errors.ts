/**
 * Failures of the MT worker that callers tell apart by `codeName` (the gateway maps them to its
 * envelope codes); the message always names the pair, folder or file concerned.
 */
export type MtErrorCode = 'PAIR_UNAVAILABLE' | 'MODEL_INVALID' | 'MODEL_DOWNLOAD_FAILED';

export class MtError extends Error {
  readonly codeName: MtErrorCode;

  constructor(codeName: MtErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MtError';
    this.codeName = codeName;
  }
}

/** No direct model and no pivot through English: never answered with a fake translation. */
export class PairUnavailableError extends MtError {
  readonly src: string;
  readonly tgt: string;

  constructor(src: string, tgt: string, reason?: string) {
    super('PAIR_UNAVAILABLE', `translation pair ${src} -> ${tgt} is unavailable: ${reason ?? 'no model installed for it'}`);
    this.name = 'PairUnavailableError';
    this.src = src;
    this.tgt = tgt;
  }
}

/** A model folder that lacks a file the engine needs, or holds one it cannot read. */
export class ModelFilesError extends MtError {
  readonly dir: string;

  constructor(dir: string, message: string, options?: ErrorOptions) {
    super('MODEL_INVALID', `${message} (model folder ${dir})`, options);
    this.name = 'ModelFilesError';
    this.dir = dir;
  }
}

/**
 * Why a download failed, for callers that go on differently: `unreachable` (no connection, or
 * no answer in time: later pulls would fail the same way), `not-found` (the hub has no such
 * repo), `failed` (anything else: a checksum, a broken-off transfer, an unusable export).
 */
export type DownloadFailure = 'unreachable' | 'not-found' | 'failed';

/** `models pull` could not fetch or verify a model; nothing was left in MODELS_DIR. */
export class ModelDownloadError extends MtError {
  readonly reason: DownloadFailure;

  constructor(message: string, options?: ErrorOptions & { reason?: DownloadFailure }) {
    super('MODEL_DOWNLOAD_FAILED', message, options);
    this.name = 'ModelDownloadError';
    this.reason = options?.reason ?? 'failed';
  }
}
