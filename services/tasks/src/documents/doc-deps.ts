import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import type { PlanCode } from '@mtp/proto';
import type { MtPort, QuotaPort, TmPort } from '../ports';

/** What document translation needs: the database (truth), storage (files), the bus (jobs), the ledger. */
export type DocDeps = {
  db: Db;
  storage: ObjectStorage;
  bus: Bus;
  pool: string;
  mt: MtPort;
  quota: QuotaPort;
  /** TM exact matches and termbase terms (logged-in users). */
  tm?: TmPort;
  /** The plan a user is on (free users have 3 document trials). */
  planOf: (userId: number) => Promise<PlanCode>;
};

/** Who submits a batch. */
export type DocSubmitter = { userId: number; role: number };

export type DocForm = {
  src_lang: string;
  tgt_lang: string;
  mode: 0 | 1 | 2;
  translate_pictures: boolean;
  domain: string;
};

/** A file already streamed into storage by the upload. */
export type UploadedFile = { projectId: string; fileName: string; ext: string; key: string; bytes: number };
