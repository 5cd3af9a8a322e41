/**
 * The tasks service's document side in this process: what the document workers report
 * (`doc.results`, and `doc.pe.results` for post-editing exports), the picture charges they ask
 * for (`doc.charge`) and the retention sweeper.
 * Chunk results and dead jobs arrive through the shared result and dead-letter consumers.
 */
import type { BusSubscription, JobConsumer } from '@mtp/platform';
import type { DocDeps } from './doc-deps';
import { sweepExpiredDocuments } from './doc-retention';
import { consumeDocResults } from './doc-results';
import { servePictureCharges } from './picture-charges';
import { consumePeExportResults } from '../post-editing/pe-export-results';
import { sweepExpiredScans } from '../term-extraction/scan-retention';
import { sweepExpiredWebPages } from '../web-pages/web-retention';

export type DocumentRuntime = { stop(): Promise<void> };

/** How often expired documents are looked for. */
export const RETENTION_SWEEP_MS = 10 * 60_000;

export async function startDocumentRuntime(deps: DocDeps): Promise<DocumentRuntime> {
  const results: JobConsumer = await consumeDocResults(deps);
  const charges: BusSubscription = await servePictureCharges(deps);
  // Post-editing exports written by the document workers (issue 21).
  const peExports: JobConsumer = await consumePeExportResults(deps);
  const sweep = async () => {
    try {
      const swept = await sweepExpiredDocuments(deps);
      if (swept > 0) deps.log(`deleted ${swept} expired document task(s)`);
      // Document scans (issue 21) are kept 7 days; the same sweep deletes them.
      const scans = await sweepExpiredScans(deps);
      if (scans > 0) deps.log(`deleted ${scans} expired document scan(s)`);
      // Translated web pages (issue 22) are kept as long as documents.
      const pages = await sweepExpiredWebPages(deps);
      if (pages > 0) deps.log(`deleted ${pages} expired web page(s)`);
    } catch (err) {
      deps.log(`document retention sweep failed: ${(err as Error).message}`);
    }
  };
  const timer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
  timer.unref();
  void sweep();
  return {
    stop: async () => {
      clearInterval(timer);
      await charges.unsubscribe();
      await results.stop();
      await peExports.stop();
    },
  };
}
