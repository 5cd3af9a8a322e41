/**
 * Form errors are kept as references, not text, so they re-render in the new language when the
 * user switches: a proto code name (messages of error-codes.ts), an i18n key, or as a last
 * resort the server's own text.
 */
import { useTranslation } from 'react-i18next';
import { CODES, messageOf, type CodeName } from '@mtp/proto';
import { isApiError } from '../../api/api-error';
import type { enUS } from '../../i18n/en-us';
import { toUiLang } from '../../i18n/lang';

export type AuthMessageKey = `auth.${keyof typeof enUS.auth}`;
export type FieldError = { code: CodeName } | { key: AuthMessageKey } | { text: string };
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

const NAME_BY_CODE = new Map<number, CodeName>(Object.entries(CODES).map(([name, e]) => [e.code, name as CodeName]));

export function codeNameOf(code: number): CodeName | null {
  return NAME_BY_CODE.get(code) ?? null;
}

/** A proto check's answer as a field error (or none). */
export function fromCheck(name: CodeName | null): FieldError | undefined {
  return name ? { code: name } : undefined;
}

/** An envelope error the form shows under a field, if `fieldOf` places its code. */
export function fieldErrorFrom<F extends string>(err: unknown, fieldOf: Partial<Record<number, F>>): FieldErrors<F> | null {
  if (!isApiError(err) || err.kind !== 'envelope') return null;
  const field = fieldOf[err.code];
  if (!field) return null;
  const name = codeNameOf(err.code);
  return { [field]: name ? { code: name } : { text: err.msg } } as FieldErrors<F>;
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}

export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  return (error) => {
    if (!error) return undefined;
    if ('code' in error) return messageOf(error.code, lang);
    if ('key' in error) return t(error.key);
    return error.text;
  };
}
