/**
 * What a backup archive holds, in the order it is written (restore reads it as a stream):
 *
 *   backup.json          BackupHeader: format, migrations, versions (read first: the schema is
 *                        made ready before any row arrives)
 *   files/<key>          every stored object except `backups/...`, byte for byte
 *   db/<table>.jsonl     the table's rows, one JSON array of column texts per line, tables in
 *                        foreign-key order
 *   manifest.json        BackupManifest: row counts, sizes and sha256 of every entry
 *
 * Rows are the server's text form of each value (what `COPY` writes), so they load into any
 * PostgreSQL version through the columns' own input functions.
 */
export const BACKUP_FORMAT = 'mtp-backup/1';
/** Object storage prefix of the archives; files under it are never put in an archive. */
export const BACKUP_PREFIX = 'backups/';

/** Tables that describe archives (not inside them): never dumped, never replaced by a restore. */
export const PRESERVED_TABLES = ['backups', 'backup_restores'] as const;
/** The migrations' own record, rebuilt by running the migrations the header names. */
export const MIGRATIONS_TABLE = 'schema_migrations';

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  platformVersion: string;
  /** `SHOW server_version` of the database dumped. */
  serverVersion: string;
  /** Ids of every applied migration (`accounts/001_accounts.sql`, ...), in the order applied. */
  migrations: string[];
  /** True when foreign keys form a cycle: the load then switches triggers off (superuser only). */
  fkCycle: boolean;
  /** Each dumped table's columns, in the order of its rows' values. */
  tableColumns: Record<string, string[]>;
};

export type TableManifest = {
  name: string;
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
};

export type FileManifest = { key: string; bytes: number; sha256: string };

export type SequenceValue = { name: string; value: string; called: boolean };

export type BackupManifest = BackupHeader & {
  tables: TableManifest[];
  sequences: SequenceValue[];
  files: FileManifest[];
};

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;
