/**
 * Charges for work already done and free to redo (a text answered wholly from translation
 * memories): no reservation to hold while working, so the charge is written once, settled, when
 * the answer is ready, and the answer waits for it. `chargeMany` charges a batch in one
 * transaction and writes ONE settled reservation per owner, payment route and id prefix for the
 * items of the batch that fit (their characters summed; the prefix carries the pair and the kind,
 * which is all the statistics read), so a burst of API requests costs a few rows, not three each.
 *
 * Each item is allocated in order against what the items before it took, exactly as `reserve`
 * would take it (packages first, API packages first via the API); one that does not fit answers
 * 41005 and takes nothing. If the transaction fails nothing is charged and every item of the
 * batch fails; the caller then answers an error and gives nothing.
 */
import { inTransaction, type Db, type Outcome } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { allocate, orderForUse, type Part, type SpendVia } from './consumption';
import { billingEnabled } from './billing-mode';
import { ownerKey, ownerOf, ownerParams, type Owner } from './owner';
import { lockedGrantsOfMany, writeParts } from './reservation-batches';
import { checkChars } from './reservations';

export type ChargeArgs = {
  userId: number | null;
  clientKey?: string | null;
  via?: SpendVia;
  /** The start of the reservation id (`sync:en-us_zh-cn:api:`); a UUID completes it. */
  idPrefix: string;
  chars: number;
};

/** Longest prefix: the id (at most 100) ends with a 36-character UUID. */
const MAX_PREFIX = 64;

type Group = { owner: Owner; idPrefix: string; chars: number; parts: Map<number, number> };

/** Charges each item or answers its refusal; one outcome per item, in order. */
export async function chargeMany(db: Db, items: ChargeArgs[]): Promise<Outcome<void>[]> {
  const out: Outcome<void>[] = new Array(items.length);
  const valid: { args: ChargeArgs; owner: Owner; index: number }[] = [];
  items.forEach((args, index) => {
    try {
      checkChars(args.chars, 'chars', 1);
      if (typeof args.idPrefix !== 'string' || args.idPrefix.length === 0 || args.idPrefix.length > MAX_PREFIX)
        throw new AppError('INVALID_PARAMS', 'idPrefix');
      valid.push({ args, owner: ownerOf(args.userId, args.clientKey), index });
    } catch (error) {
      out[index] = { error };
    }
  });
  if (valid.length === 0) return out;
  const now = new Date();
  await inTransaction(db, async (client) => {
    const billingOff = !(await billingEnabled(client));
    const byOwner = new Map<string, typeof valid>();
    for (const v of valid) byOwner.set(ownerKey(v.owner), [...(byOwner.get(ownerKey(v.owner)) ?? []), v]);
    const groups = new Map<string, Group>();
    const keys = [...byOwner.keys()];
    const lives = await lockedGrantsOfMany(
      client,
      keys.map((key) => byOwner.get(key)![0]!.owner),
      now,
      billingOff,
    );
    for (const [n, key] of keys.entries()) {
      const live = lives[n]!;
      for (const { args, owner, index } of byOwner.get(key)!) {
        try {
          const parts = allocate(orderForUse(live, args.via).usable, args.chars);
          for (const p of parts) live.find((g) => g.grantId === p.grantId)!.charsUsed += p.chars;
          const groupKey = `${key}|${args.via ?? ''}|${args.idPrefix}`;
          const group = groups.get(groupKey) ?? { owner, idPrefix: args.idPrefix, chars: 0, parts: new Map() };
          groups.set(groupKey, group);
          group.chars += args.chars;
          for (const p of parts) group.parts.set(p.grantId, (group.parts.get(p.grantId) ?? 0) + p.chars);
          out[index] = { value: undefined };
        } catch (error) {
          out[index] = { error };
        }
      }
    }
    await writeSettled(client, [...groups.values()], now);
  });
  return out;
}

/** One settled reservation per group, with its parts and the ledger's rows. */
async function writeSettled(client: Parameters<typeof writeParts>[0], groups: Group[], now: Date): Promise<void> {
  if (groups.length === 0) return;
  const rows = groups.map((g) => ({ taskId: `${g.idPrefix}${randomUUID()}`, group: g }));
  await client.query(
    `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved, chars_charged, state, created_at, finished_at)
     SELECT task_id, user_id, anon_key, chars, chars, 'settled', $5, $5 FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[])
       AS r(task_id, user_id, anon_key, chars)`,
    [
      rows.map((r) => r.taskId),
      rows.map((r) => ownerParams(r.group.owner)[0]),
      rows.map((r) => ownerParams(r.group.owner)[1]),
      rows.map((r) => r.group.chars),
      now,
    ],
  );
  const taken: { taskId: string; parts: Part[] }[] = rows.map((r) => ({
    taskId: r.taskId,
    parts: [...r.group.parts].map(([grantId, chars]) => ({ grantId, chars })),
  }));
  await writeParts(client, taken);
}
