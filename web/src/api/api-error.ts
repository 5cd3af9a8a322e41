/**
 * What a failed call rejects with. `kind` tells callers whether the server answered with an
 * envelope code (the usual case), an HTTP status the client handles itself, or nothing at all;
 * `handled` says whether the client already told the user, so callers do not toast twice.
 */
export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'no-token' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope code, or the HTTP status for `http`, or 0 when there is neither. */
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly handled: boolean;

  constructor(init: { kind: ApiErrorKind; code?: number; status?: number; msg?: string; data?: unknown; handled: boolean }) {
    super(init.msg ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code ?? 0;
    this.status = init.status ?? 0;
    this.data = init.data;
    this.handled = init.handled;
  }

  /** The server's message (in the UI language it was asked for). */
  get msg(): string {
    return this.message;
  }
}

export function isApiError(err: unknown, code?: number): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}
