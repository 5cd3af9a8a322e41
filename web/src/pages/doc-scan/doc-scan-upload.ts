/**
 * What `/docScan` keeps in the tab besides the server's scan: the chosen file and pair, and an
 * upload under way (its progress, its abort). A module-level store, so leaving the page during
 * an upload and coming back finds it still going; the scan itself is the server's
 * (`term_extraction_latest`). Tied to the session like the document task (doc-task-instance.ts):
 * logout, forced logout and login drop the `user` queries, and with them a marker query whose
 * removal clears this store.
 */
import { ApiError } from '../../api/api-error';
import { sessionBinder } from '../../queries/session-bound';
import { scanKeys, uploadScan } from './doc-scan-api';

export type ScanPair = { src: string; tgt: string };

export type ScanUploadState = {
  file: File | null;
  pair: ScanPair | null;
  phase: 'idle' | 'uploading';
  progress: number;
};

const IDLE: ScanUploadState = { file: null, pair: null, phase: 'idle', progress: 0 };

export type ScanUploadDeps = { upload: typeof uploadScan };

export function createScanUploadStore(deps: ScanUploadDeps) {
  let state: ScanUploadState = IDLE;
  let controller: AbortController | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Partial<ScanUploadState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setFile: (file: File | null) => set({ file }),
    setPair: (pair: ScanPair) => set({ pair }),
    /** Uploads the chosen file; answers the new scan's id, or null when cancelled or refused (already told). */
    async start(): Promise<string | null> {
      const { file, pair } = state;
      if (!file || !pair || state.phase === 'uploading') return null;
      const abort = new AbortController();
      controller = abort;
      set({ phase: 'uploading', progress: 0 });
      try {
        const created = await deps.upload(file, pair, (progress) => controller === abort && set({ progress }), abort.signal);
        if (controller !== abort) return null;
        set({ phase: 'idle', progress: 0, file: null });
        return created.task_id;
      } catch (err) {
        if (controller === abort) set({ phase: 'idle', progress: 0 });
        if (err instanceof ApiError) return null;
        throw err;
      } finally {
        if (controller === abort) controller = null;
      }
    },
    cancel() {
      controller?.abort();
      controller = null;
      set({ phase: 'idle', progress: 0 });
    },
    /** Back to nothing chosen (logout, another account). */
    clear() {
      controller?.abort();
      controller = null;
      set(IDLE);
    },
  };
}

export type ScanUploadStore = ReturnType<typeof createScanUploadStore>;

export const scanUploadStore = createScanUploadStore({ upload: uploadScan });

/** Makes a logout (any removal of the `user` queries) clear the upload store. Idempotent. */
export const bindScanToSession = sessionBinder(scanKeys.session, () => scanUploadStore.clear());
