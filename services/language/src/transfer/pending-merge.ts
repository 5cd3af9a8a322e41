/**
 * Merges the GIN indexes' pending lists (keys and tokens) while an import is still writing, on a connection
 * of its own. An import appends its rows' keys (about 27 a row) to the pending lists, which is
 * cheap; moving them into the index proper costs about as much again as writing the rows. Done by
 * the importing backend (when the list passes `gin_pending_list_limit`) it stops the COPY for
 * seconds while the parser waits; done at the end it is a long serial tail. Done here, a second
 * backend merges what the first has written so far, side by side with the COPY and the parser.
 *
 * Index entries carry no visibility: merging the keys of a transaction that later rolls back is
 * safe (its rows are dead, and vacuum removes their keys as for any deleted row).
 */
import { inTransaction, sidePool, type Db } from '@mtp/platform';

/** The GIN indexes of entries: prefix keys (fuzzy lookups, 006) and match tokens (concordance, 008). */
export const GIN_INDEXES = ['tm_entries_match_keys', 'tm_entries_reverse_keys', 'tm_entries_match_tokens', 'tm_entries_reverse_tokens'];
/** The merge sorts the pending keys in maintenance_work_mem: more of it, fewer passes. */
const MERGE_WORK_MEM = '256MB';

/** Merges every GIN index's pending list now, in one transaction on `db`. */
export async function mergePendingKeys(db: Db): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [MERGE_WORK_MEM]);
    for (const index of GIN_INDEXES) await client.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
  });
}

/** One merger (one side connection) per pool: merges of the same index wait for each other anyway. */
const mergers = new WeakMap<Db, PendingMerger>();

export function pendingMergerOf(db: Db): PendingMerger {
  let merger = mergers.get(db);
  if (!merger) {
    merger = new PendingMerger(sidePool(db));
    mergers.set(db, merger);
  }
  return merger;
}

export class PendingMerger {
  private running: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Starts a merge unless one is running. A failed background merge is not the import's failure:
   * the keys stay pending (still found by lookups) and the next merge takes them.
   */
  poke(): void {
    if (this.running) return;
    this.running = mergePendingKeys(this.db)
      .catch((err: unknown) => console.error('tm import: merging pending keys failed (retried later):', err))
      .finally(() => {
        this.running = null;
      });
  }

  /** Waits for the merge in progress, if any. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Merges whatever is still pending, after any merge in progress. */
  async flush(): Promise<void> {
    await this.idle();
    await mergePendingKeys(this.db);
  }
}
