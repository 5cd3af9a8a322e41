/**
 * Operations calls of the admin back end. `GET /api/v1.0/admin/dead_letters` (super
 * administrator): jobs that failed their last delivery, newest first, with what they were
 * (`kind`: `text`, `doc`, `picture`, `doc.prepare`, `doc.assemble`, `doc.prepared`, ...), the
 * task or file they belonged to, why and after how many attempts. Their tasks were already failed
 * and refunded; the list is for finding out why.
 */
import { Type, type Static } from 'typebox';

export const DeadLettersQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  kind: Type.Optional(Type.String({ maxLength: 40 })),
});
export type DeadLettersQuery = Static<typeof DeadLettersQuery>;

export const DeadLetterItem = Type.Object({
  id: Type.Integer(),
  queue: Type.String(),
  job_id: Type.String(),
  kind: Type.String(),
  /** The text task or document file (project id) it belonged to, when it said. */
  task_ref: Type.Union([Type.String(), Type.Null()]),
  error: Type.String(),
  attempts: Type.Integer(),
  dead_at: Type.String(),
});
export type DeadLetterItem = Static<typeof DeadLetterItem>;

export const DeadLettersData = Type.Object({
  list: Type.Array(DeadLetterItem),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type DeadLettersData = Static<typeof DeadLettersData>;
