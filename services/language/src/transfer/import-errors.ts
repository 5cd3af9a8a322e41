/**
 * The words a refused import answers with. The user reads them in the import dialog, in the
 * interface's language, so each is a sentence in both languages that says where the file is
 * wrong and what to do; what the parser or the converter said (an XML library's exception, a
 * temporary path) is the error's `cause`, which the gateway logs and never shows.
 */
import { OfficeConversionError, ZipRefusedError } from '@mtp/platform';
import { AppError, detailIn, type LocalizedText } from '@mtp/proto';
import { FormatError, type FormatReason } from '../formats/entry';
import type { Flag } from '../banks/types';

/** Where in the file, or null when the reader could not tell. */
function place(err: FormatError): LocalizedText | null {
  if (err.line !== undefined) return { zh_CN: `第 ${err.line} 行`, en_US: `line ${err.line}` };
  if (err.unit !== undefined) return { zh_CN: `第 ${err.unit} 个条目`, en_US: `entry ${err.unit}` };
  return null;
}

function reasonText(reason: FormatReason, format: string, at: LocalizedText | null): LocalizedText {
  const zhAt = at ? `${at.zh_CN}` : '';
  const enAt = at ? ` at ${at.en_US}` : '';
  switch (reason) {
    case 'quote':
      return {
        zh_CN: `${zhAt}的引号没有闭合，请检查该行`,
        en_US: `a quotation mark opened${enAt} is never closed; check that line`,
      };
    case 'columns':
      return { zh_CN: `${zhAt}应有原文和译文两列`, en_US: `each line needs a source and a target column (see${enAt || ' the file'})` };
    case 'separator':
      return {
        zh_CN: `${zhAt}应为"原文<Tab>译文"（也可用 = 或 | 分隔）`,
        en_US: `each line should read "source<Tab>target" (or use = or |)${at ? `; see ${at.en_US}` : ''}`,
      };
    case 'language':
      return {
        zh_CN: `${zhAt}缺少本库语言对的原文或译文，请确认文件的语言与本库一致`,
        en_US: `the file has no source or target text in this bank's languages${enAt}; check that its languages match the bank`,
      };
    case 'not-workbook':
      return { zh_CN: '这不是可读取的 Excel 工作簿', en_US: 'this is not a readable Excel workbook' };
    case 'no-sheet':
      return { zh_CN: '工作簿中没有工作表', en_US: 'the workbook has no worksheet' };
    case 'not-sdltm':
      return { zh_CN: '这不是可读取的 Trados SDLTM 记忆库', en_US: 'this is not a readable Trados SDLTM memory' };
    case 'malformed':
      return {
        zh_CN: `${at ? `${zhAt}附近` : ''}内容不完整或不是有效的 ${format} 文件，请检查后重新导入`,
        en_US: `the file is broken or not a valid ${format} file${at ? ` near ${at.en_US}` : ''}; check it and import again`,
      };
  }
}

/**
 * A refused file as the code the user sees: unreadable (saying where and why), too large once
 * unpacked, or not convertible on this server. Zip and LibreOffice details stay in the cause.
 */
export function asFileError(err: unknown): unknown {
  if (err instanceof FormatError) {
    return new AppError('FILE_PARSE_FAILED', reasonText(err.reason, err.format.toUpperCase(), place(err)), { cause: err });
  }
  if (err instanceof ZipRefusedError)
    return new AppError(err.reason === 'too_large' ? 'FILE_TOO_LARGE' : 'FILE_PARSE_FAILED', undefined, { cause: err });
  if (err instanceof OfficeConversionError) return new AppError('FILE_CONVERT_FAILED', undefined, { cause: err });
  return err;
}

const snippet = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A rule an entry of the file breaks, naming the entry (its number and the start of its source). */
export function entryError(err: AppError, index: number, source: string): AppError {
  const quoted = source.trim() ? ` "${snippet(source.trim())}"` : '';
  const zh = detailIn(err.detail, 'zh_CN') ?? err.message;
  const en = detailIn(err.detail, 'en_US') ?? err.message;
  return new AppError(err.codeName, { zh_CN: `第 ${index} 条${quoted}：${zh}`, en_US: `entry ${index}${quoted}: ${en}` });
}

/** A file the kind of bank does not import, naming the extensions it does. */
export function formatRefusal(flag: Flag, extensions: readonly string[]): AppError {
  const list = extensions.map((f) => `.${f}`);
  return new AppError('FILE_FORMAT_UNKNOWN', {
    zh_CN: `${flag === 0 ? '记忆库' : '术语库'}可导入 ${list.join('、')} 文件`,
    en_US: `${flag === 0 ? 'translation memories' : 'termbases'} import ${list.join(', ')}`,
  });
}

/** The import's language pair is neither the bank's nor (two-way) its reverse. */
export function pairRefusal(src: string, tgt: string): AppError {
  return new AppError('INVALID_PARAMS', { zh_CN: `本库的语言对是 ${src}_${tgt}`, en_US: `the bank's language pair is ${src}_${tgt}` });
}
