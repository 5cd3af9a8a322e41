import type { Bus, ObjectStorage } from '@mtp/platform';
import type { DocResult } from '@mtp/proto';
import type { KeptDocuments } from './kept-documents';
import type { PictureTranslator } from './picture-texts';

/** What a document worker's jobs share: the bus, storage, its identity and what it keeps. */
export type DocWorkerContext = {
  bus: Bus;
  storage: ObjectStorage;
  /** This worker's device id; also its token in directed subjects (`doc.holder.<id>.*`). */
  workerId: string;
  kept: KeptDocuments;
  pictures: PictureTranslator;
  log: (line: string) => void;
  /** Best-effort news of a file (`doc.progress`), for live views and fault tests. */
  report: (projectId: string, stage: 'prepare' | 'assemble', step: string) => void;
  /** Sends what a job came to on `doc.results` (one job id per file, kind and worker). */
  publishResult: (result: DocResult) => Promise<void>;
};
