/** What every public-API family (native, DeepL, LibreTranslate) is built from. */
import type { AccountsDeps } from '@mtp/accounts';
import type { Db } from '@mtp/platform';
import type { DocDeps, TextJobDeps } from '@mtp/tasks';

export type PublicApiDeps = {
  db: Db;
  accounts: AccountsDeps;
  text: TextJobDeps;
  /** Document translation; null where no object storage is configured (its calls answer an error). */
  docs: DocDeps | null;
  /** Lifetime of a native-API token in seconds (API_TOKEN_TTL_S, gateway/src/config.ts). */
  apiTokenTtlSeconds: number;
  /** How long the native `open/doc/translate` waits for its file; absent: OPEN_DOC_SYNC.waitMs (60 s). */
  docSyncWaitMs?: number;
};

export const DEFAULT_API_TOKEN_TTL_S = 7200;
