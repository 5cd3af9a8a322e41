/**
 * Token ids: the global order of prefix filtering (`prefix-tokens.ts`). A token gets its id the
 * first time a writer meets it and keeps it forever; within one batch, new tokens are numbered
 * most frequent first, so the common words of the first batches get the lowest ids.
 *
 * Ids are assigned outside the writer's transaction (an import holds its transaction for a
 * minute; another writer meeting the same new word must not wait for it), on the registry's own
 * connection: a writer holding a pooled connection in its transaction never waits for a second
 * one from the same pool, which could deadlock when every writer does. An id of a rolled-back
 * import stays unused.
 */
import { sidePool, type Db } from '@mtp/platform';

/** Ids cached per process; past this the cache starts again (ids never change, so it only costs queries). */
const MAX_CACHED = 1_000_000;
const REGISTRY_LOCK = 0x746d746f; // 'tmto'

export class TokenRegistry {
  private ids = new Map<string, number>();
  private readonly db: Db;

  constructor(private readonly pool: Db) {
    this.db = sidePool(pool);
  }

  /** The cache, started again when full. A caller keeps the map it got even if a later one is new. */
  private cache(): Map<string, number> {
    if (this.ids.size > MAX_CACHED) this.ids = new Map();
    return this.ids;
  }

  /** The ids of `tokens` (undefined: a token no entry has), for a lookup; registers nothing. */
  async idsOf(tokens: readonly string[]): Promise<(number | undefined)[]> {
    const ids = this.cache();
    const unknown = tokens.filter((token) => !ids.has(token));
    if (unknown.length > 0) {
      const { rows } = await this.pool.query<{ token: string; token_id: number }>(
        'SELECT token, token_id FROM tm_tokens WHERE token = ANY($1::text[])',
        [unknown],
      );
      for (const row of rows) ids.set(row.token, row.token_id);
    }
    return tokens.map((token) => ids.get(token));
  }

  /** Gives every token of `lists` an id; answers the ids, list by list. */
  async register(lists: readonly (readonly string[])[]): Promise<number[][]> {
    const ids = this.cache();
    // One map lookup a token; new tokens counted, their lists completed after numbering.
    const counts = new Map<string, number>();
    const incomplete: number[] = [];
    const answer = lists.map((list, index) => {
      const out = new Array<number>(list.length);
      let missing = false;
      for (let i = 0; i < list.length; i++) {
        const id = ids.get(list[i]!);
        if (id === undefined) {
          missing = true;
          counts.set(list[i]!, (counts.get(list[i]!) ?? 0) + 1);
        } else out[i] = id;
      }
      if (missing) incomplete.push(index);
      return out;
    });
    if (counts.size === 0) return answer;
    const fresh = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
    const added = new Map<string, number>();
    for (const row of await this.insert(fresh)) {
      added.set(row.token, row.token_id);
      ids.set(row.token, row.token_id);
    }
    for (const index of incomplete) {
      const list = lists[index]!;
      const out = answer[index]!;
      for (let i = 0; i < list.length; i++) {
        if (out[i] !== undefined) continue;
        const id = added.get(list[i]!);
        if (id === undefined) throw new Error(`token not registered: ${list[i]}`);
        out[i] = id;
      }
    }
    return answer;
  }

  /**
   * Numbers `fresh` (in its order) after the highest id, in one statement (a writer waits for it).
   * Registrations take one advisory lock, so they number tokens one after another; the statement's
   * snapshot may predate one that committed while it waited, whose ids then collide: retried.
   * No flush of its own (synchronous_commit off): a writer's commit that uses these ids flushes
   * the log up to it, and ids nobody used may be lost in a crash.
   */
  private async insert(fresh: string[]): Promise<{ token: string; token_id: number }[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.db.query<{ token: string; token_id: number }>(
          `WITH locked AS (SELECT set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(${REGISTRY_LOCK})),
           top AS (SELECT coalesce(max(token_id), 0) AS top FROM tm_tokens, locked),
           added AS (
             INSERT INTO tm_tokens (token_id, token)
             SELECT top.top + u.i, u.token FROM top, unnest($1::text[]) WITH ORDINALITY AS u(token, i)
             -- One another process added meanwhile keeps its id; this number stays unused.
             ON CONFLICT (token) DO NOTHING
             RETURNING token, token_id)
           SELECT token, token_id FROM added`,
          [fresh],
        );
        if (rows.length === fresh.length) return rows;
        // Some were added by another process (committed, maybe after this snapshot): read them now.
        const known = await this.db.query<{ token: string; token_id: number }>(
          'SELECT token, token_id FROM tm_tokens WHERE token = ANY($1::text[])',
          [fresh],
        );
        return known.rows;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== '23505' || attempt >= 5) throw err;
      }
    }
  }
}

const registries = new WeakMap<Db, TokenRegistry>();

/** One registry per database pool. */
export function tokenRegistryOf(db: Db): TokenRegistry {
  let registry = registries.get(db);
  if (!registry) {
    registry = new TokenRegistry(db);
    registries.set(db, registry);
  }
  return registry;
}
