/**
 * The system log (issue 18 item 4): sign-ins and every administrator and manager action.
 *
 * - `GET admin/system_log {actor?, action?, target?, from?, to?, page?, page_size?}`: newest first,
 *   paged. Administrators see every line, managers their own enterprise's (its site and sub-sites).
 * - `GET admin/system_log/export` (same filter, no page): the lines as CSV.
 *
 * `actor` matches the actor's account (part of it), `action` an action or its area (`user`
 * matches `user.create`, `sign_in` also `sign_in_failed`), `target` a target's id or type exactly;
 * `from` and `to` are days (YYYY-MM-DD, UTC), both inclusive.
 */
import { Type, type Static } from 'typebox';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const SystemLogFilter = Type.Object({
  actor: Type.Optional(Type.String({ maxLength: 120 })),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  target: Type.Optional(Type.String({ maxLength: 120 })),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
export type SystemLogFilter = Static<typeof SystemLogFilter>;

export const SystemLogQuery = Type.Object({
  ...SystemLogFilter.properties,
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type SystemLogQuery = Static<typeof SystemLogQuery>;

export const SystemLogItem = Type.Object({
  log_id: Type.Integer(),
  /** ISO time of the line. */
  at: Type.String(),
  /** `sign_in`, `sign_in_failed` or `<area>.<verb>` (`user.deactivate`, `site.update`, `permission.grant`). */
  action: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_account: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  target_type: Type.String(),
  target_id: Type.String(),
  /** The target's fields before and after the change (JSON as written), null where none. */
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.String(),
  user_agent: Type.String(),
});
export type SystemLogItem = Static<typeof SystemLogItem>;

export const SystemLogData = Type.Object({
  list: Type.Array(SystemLogItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type SystemLogData = Static<typeof SystemLogData>;
