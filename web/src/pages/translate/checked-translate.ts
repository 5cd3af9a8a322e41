/**
 * One translate job of the page: under a chosen source, langid judges a sample first and a
 * plain contradiction throws `SourceMismatch` before the translation is sent (so before it is
 * charged); then `try_translate` or `text/translate`, with 40016 answered quietly for the page.
 */
import { CODES, type TranslateBody, type TranslateData } from '@mtp/proto';
import { detectLanguage, translateText } from '../../api/translation-endpoints';
import { SourceMismatch, isSourceMismatch } from '../../translate/source-check';

/** `check`: under a chosen source, the sample langid judges before anything is charged. */
export type Job = { body: TranslateBody; member: boolean; clipped: boolean; check: string | null };

export async function checkedTranslate(job: Job, signal: AbortSignal): Promise<TranslateData> {
  if (job.check !== null) {
    // A failed detection only loses the check; an abort ends the job.
    const found = await detectLanguage(job.check, signal).catch((err: unknown) => {
      if (signal.aborted) throw err;
      return null;
    });
    if (found && found.lang !== 'unknown' && isSourceMismatch(job.body.src_lang, found, job.check)) throw new SourceMismatch(found.lang);
  }
  return translateText(job.body, { member: job.member, signal, expectedCodes: [CODES.SAME_LANGUAGE.code] });
}
