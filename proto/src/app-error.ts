import { CODES, type CodeName, type UiLang } from './error-codes';

/** A detail written in both interface languages; the gateway answers the caller's. */
export type LocalizedText = Readonly<Record<UiLang, string>>;

/**
 * A failure the caller should see as one of the table's codes. Domain code throws it; the
 * gateway's one error handler turns it into the envelope (and the HTTP status the table gives).
 */
export class AppError extends Error {
  readonly codeName: CodeName;
  /**
   * Extra text appended to the localized message (a field name, a line number): only text we
   * wrote for the user. What went wrong inside (an engine's error, a library's message) is the
   * `cause`, which the gateway logs with the request id and never shows.
   */
  readonly detail: string | LocalizedText | undefined;

  constructor(codeName: CodeName, detail?: string | LocalizedText, options?: { cause?: unknown }) {
    super(`${codeName}${detail ? `: ${typeof detail === 'string' ? detail : detail.en_US}` : ''}`, options);
    this.name = 'AppError';
    this.codeName = codeName;
    this.detail = detail;
  }

  get code(): number {
    return CODES[this.codeName].code;
  }
}

/** The detail in one interface language: a plain string is the same in both (a field name). */
export function detailIn(detail: string | LocalizedText | undefined, lang: UiLang): string | undefined {
  return typeof detail === 'object' ? detail[lang] : detail;
}

/** Throws the rule's code when a section-5 check answers one. */
export function assertRule(result: CodeName | null): void {
  if (result) throw new AppError(result);
}
