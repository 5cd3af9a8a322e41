/**
 * The cost of the chosen files before the upload (`doc/estimate`): asked again whenever the files,
 * the languages or the pictures switch change (the source language decides how sentences are cut,
 * the pair whether it is served, pictures whether a pictures-only file is accepted). The output
 * mode and domain change neither the text nor its charge, so they ask nothing. The query key
 * holds all of it, so the latest choice wins: an older answer never shows for newer files, and
 * the request of a left key is aborted. Past `LIMITS.docEstimateBytes` nothing is sent (the files
 * would be uploaded twice): the page says the cost is counted as the files are opened.
 */
import { LIMITS, type DocEstimateData } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { estimateDocCost } from '../../api/document-endpoints';
import { currentSessionUser } from '../../auth/session-user';
import type { DocForm } from '../../documents/doc-task-types';
import { userKey } from '../../queries/query-keys';

export type DocEstimateView = { status: 'off' } | { status: 'loading' } | { status: 'none' } | { status: 'ready'; data: DocEstimateData };

/** Whether the files are too large together to be sent twice for an estimate. */
export const tooLargeToEstimate = (files: readonly File[]) => files.reduce((n, f) => n + f.size, 0) > LIMITS.docEstimateBytes;

/** `enabled`: logged in, files chosen, a pair that may be sent, and no upload or task running. */
export function useDocEstimate(files: readonly File[], form: DocForm, enabled: boolean): DocEstimateView {
  const skipped = tooLargeToEstimate(files);
  const on = enabled && files.length > 0 && !skipped;
  const query = useQuery({
    queryKey: [
      ...userKey(currentSessionUser()),
      'doc-estimate',
      files.map((f) => [f.name, f.size, f.lastModified]),
      form.src,
      form.tgt,
      form.translatePictures,
    ],
    queryFn: ({ signal }) => estimateDocCost(files, form, signal),
    enabled: on,
    retry: false,
    // The same files and options cost the same: no second upload while they stay chosen.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  if (!enabled || files.length === 0) return { status: 'off' };
  if (skipped) return { status: 'none' };
  if (query.data) return query.data.estimated ? { status: 'ready', data: query.data } : { status: 'none' };
  return query.isError ? { status: 'none' } : { status: 'loading' };
}
