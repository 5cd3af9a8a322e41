/**
 * What a report must be, checked before anything is written: a known error type (10018
 * otherwise, the public API's code, so the site and the API refuse alike), two different known
 * languages, a source and an output, and texts of at most LIMITS.textChars characters. Messages
 * name the field in both interface languages.
 */
import { AppError, LANGUAGES, LIMITS, isErrorType, type ErrorTypeId, type LanguageCode, type LocalizedText } from '@mtp/proto';
import { tooLongMessage } from '../banks/rules';
import type { NewErrorReport } from './types';

const FIELD_NAMES = {
  source: { zh_CN: '原文', en_US: 'source' },
  output: { zh_CN: '译文', en_US: 'output' },
  proposal: { zh_CN: '建议译文', en_US: 'proposal' },
} as const;
type Field = keyof typeof FIELD_NAMES;

const EMPTY_REPORT_MESSAGE: LocalizedText = { zh_CN: '原文和译文不能为空', en_US: 'The source and the output cannot be empty' };

const isLanguage = (code: string): code is LanguageCode => (LANGUAGES as readonly string[]).includes(code);
const tooLong = (s: string) => s.length > LIMITS.textChars && [...s].length > LIMITS.textChars;

function checkLength(field: Field, text: string): void {
  if (!tooLong(text)) return;
  const n = LIMITS.textChars;
  throw new AppError('CONTENT_INVALID', {
    zh_CN: `${FIELD_NAMES[field].zh_CN}：${tooLongMessage(n).zh_CN}`,
    en_US: `${FIELD_NAMES[field].en_US}: ${tooLongMessage(n).en_US}`,
  });
}

export type CheckedReport = {
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  source: string;
  output: string;
  proposal: string;
  error_type: ErrorTypeId;
};

export function checkReport(input: NewErrorReport): CheckedReport {
  const errorType = input.error_type;
  if (!isErrorType(errorType)) throw new AppError('API_ERROR_TYPE_INCORRECT');
  const { src_lang: src, tgt_lang: tgt } = input;
  if (!isLanguage(src)) throw new AppError('INVALID_PARAMS', 'src_lang');
  if (!isLanguage(tgt)) throw new AppError('INVALID_PARAMS', 'tgt_lang');
  if (src === tgt) throw new AppError('SAME_LANGUAGE');
  const source = input.source.trim();
  const output = input.output.trim();
  const proposal = (input.proposal ?? '').trim();
  if (!source || !output) throw new AppError('CONTENT_INVALID', EMPTY_REPORT_MESSAGE);
  checkLength('source', source);
  checkLength('output', output);
  checkLength('proposal', proposal);
  return { src_lang: src, tgt_lang: tgt, source, output, proposal, error_type: errorType };
}
