/**
 * Pure rules of the TM / termbase screens (spec section 5): bank names, entry texts, the import
 * extensions and export formats per flag, and a debouncer with injectable timers. Errors are i18n
 * references (`key` + `values`) so a language switch re-translates them.
 */
import { LIMITS, type LanguageCode } from '@mtp/proto';

/** `flag` 0 = translation memory, 1 = termbase. */
export type BankFlag = 0 | 1;
/**
 * Whose banks a bank screen shows: the user's own, the system's that are not public (editable by
 * staff), or the public system termbases (managed in the admin area; visitors read them on the
 * separate read-only /publictermbank screen).
 */
export type BankScope = 'individual' | 'system' | 'public';

/** `system_or_individual` as the API names it: 0 = system, 1 = individual. */
export function systemOrIndividual(scope: BankScope): 0 | 1 {
  return scope === 'individual' ? 1 : 0;
}

/**
 * The `get_list` filter of a scope: the system screens split public termbases from the others,
 * and a bank created on the public screen is public.
 */
export function bankListFilter(scope: BankScope): { system_or_individual: 0 | 1; is_public?: 0 | 1 } {
  if (scope === 'individual') return { system_or_individual: 1 };
  return { system_or_individual: 0, is_public: scope === 'public' ? 1 : 0 };
}

/**
 * The bank a screen shows: the one chosen (the URL's `bank`) while the list still has it, else
 * the first. An id from another account's URL or a deleted bank simply falls back.
 */
export function chosenBank<B extends { bank_id: number }>(banks: readonly B[], bankId: number | undefined): B | null {
  return banks.find((b) => b.bank_id === bankId) ?? banks[0] ?? null;
}

/** Whether the screen may change banks and entries: the public termbank is read-only for normal users. */
export function canEdit(scope: BankScope, isAdmin: boolean): boolean {
  return scope !== 'public' || isAdmin;
}

export type RuleError =
  | { key: 'bank.errors.nameRequired' }
  | { key: 'bank.errors.nameTooLong'; values: { max: number } }
  | { key: 'bank.errors.entryEmpty' }
  | { key: 'bank.errors.tooLong'; values: { max: number } }
  | { key: 'bank.errors.fileRequired' }
  | { key: 'bank.errors.fileType'; values: { types: string } };

const chars = (s: string) => [...s].length;

export function validateBankName(name: string): RuleError | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { key: 'bank.errors.nameRequired' };
  if (chars(trimmed) > LIMITS.bankNameChars) return { key: 'bank.errors.nameTooLong', values: { max: LIMITS.bankNameChars } };
  return null;
}

/** Chinese sources 500 characters, other languages 1000 (as the service checks). */
export function sourceLimit(srcLang: string): number {
  return srcLang === 'zh-cn' ? LIMITS.entrySourceZhChars : LIMITS.entrySourceEnChars;
}

export type EntryInput = { source: string; translated: string; note: string };
export type EntryErrors = Partial<Record<keyof EntryInput, RuleError>>;

/** Field errors of an entry form; empty when it may be sent. */
export function validateEntry(input: EntryInput, srcLang: string): EntryErrors {
  const errors: EntryErrors = {};
  const source = input.source.trim();
  const translated = input.translated.trim();
  if (!source) errors.source = { key: 'bank.errors.entryEmpty' };
  if (!translated) errors.translated = { key: 'bank.errors.entryEmpty' };
  const srcMax = sourceLimit(srcLang);
  if (source && chars(source) > srcMax) errors.source = { key: 'bank.errors.tooLong', values: { max: srcMax } };
  // The translation is held to the longer of the two limits, as the service does.
  const tgtMax = LIMITS.entrySourceEnChars;
  if (translated && chars(translated) > tgtMax) errors.translated = { key: 'bank.errors.tooLong', values: { max: tgtMax } };
  if (chars(input.note.trim()) > LIMITS.entryNoteChars)
    errors.note = { key: 'bank.errors.tooLong', values: { max: LIMITS.entryNoteChars } };
  return errors;
}

export function hasErrors(errors: EntryErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Accepted import files: memories .tmx .sdltm .csv; termbases .txt .csv .xlsx .xls .tbx (.xls is converted by the server). */
export const IMPORT_EXTENSIONS: Record<BankFlag, readonly string[]> = {
  0: ['.tmx', '.sdltm', '.csv'],
  1: ['.txt', '.csv', '.xlsx', '.xls', '.tbx'],
};

/** Export formats: memories csv|tmx, termbases csv|txt|xlsx|xls|tbx. */
export const EXPORT_FORMATS: Record<BankFlag, readonly string[]> = {
  0: ['csv', 'tmx'],
  1: ['csv', 'txt', 'xlsx', 'xls', 'tbx'],
};

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The import file's error, or null when it may be uploaded. */
export function checkImportFile(flag: BankFlag, fileName: string | null | undefined): RuleError | null {
  if (!fileName) return { key: 'bank.errors.fileRequired' };
  const allowed = IMPORT_EXTENSIONS[flag];
  if (!allowed.includes(fileExtension(fileName))) return { key: 'bank.errors.fileType', values: { types: allowed.join(' ') } };
  return null;
}

/** The multipart field and path of an import. */
export function importTarget(flag: BankFlag): { path: string; field: string } {
  return flag === 0 ? { path: 'tm/es_save_file', field: 'tm_file' } : { path: 'term/upload_term_file', field: 'term_file' };
}

/** Whether a language pair can make a bank: both chosen and different. */
export function validPair(src: LanguageCode | '', tgt: LanguageCode | ''): boolean {
  return src !== '' && tgt !== '' && src !== tgt;
}

export type Timers = {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Calls `fn` with the latest value `ms` after the last `push`; `cancel` drops a pending call. */
export function createDebouncer<T>(fn: (value: T) => void, ms: number, timers: Timers = realTimers) {
  let handle: unknown = null;
  return {
    push(value: T) {
      if (handle !== null) timers.clear(handle);
      handle = timers.set(() => {
        handle = null;
        fn(value);
      }, ms);
    },
    cancel() {
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
    get pending() {
      return handle !== null;
    },
  };
}
