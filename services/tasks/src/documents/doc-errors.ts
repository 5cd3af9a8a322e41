/** Maps the document pipeline's refusals to the spec's codes (section 8: 1201/1202, then the rest). */
import { DocumentError } from '@mtp/doc-worker';
import { OfficeConversionError } from '@mtp/platform';
import { AppError, type CodeName } from '@mtp/proto';

const BY_REASON: Record<DocumentError['reason'], CodeName> = {
  corrupt: 'FILE_PARSE_FAILED',
  encrypted: 'FILE_ENCRYPTED',
  unknown_format: 'FILE_FORMAT_UNKNOWN',
  too_large: 'FILE_TOO_LARGE',
  empty: 'FILE_PARSE_FAILED',
};

/** The AppError for a failure while opening or writing `fileName`, naming the file. */
export function documentAppError(err: unknown, fileName: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof DocumentError) return new AppError(BY_REASON[err.reason], `${fileName}: ${err.message}`);
  if (err instanceof OfficeConversionError) return new AppError('FILE_CONVERT_FAILED', `${fileName}: ${err.message}`);
  return new AppError('FILE_PARSE_FAILED', `${fileName}: ${(err as Error).message}`);
}
