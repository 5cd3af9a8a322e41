import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import type { TmPort } from '../ports';
import type { PeMemoryPort } from './pe-memory-port';

/**
 * What post-editing needs: the database (projects and segments live beside the document's
 * rows), storage and the bus (a document worker cuts the file into its sentences), the memories
 * (to tell a 100% from a 101% match, and to write confirmed segments), and a log.
 */
export type PeDeps = {
  db: Db;
  storage: ObjectStorage;
  bus: Bus;
  tm?: TmPort | undefined;
  memory: PeMemoryPort;
  log: (line: string) => void;
};
