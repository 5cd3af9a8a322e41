/**
 * The request id of the work in progress, kept in an AsyncLocalStorage so nobody threads it by
 * hand: the gateway binds it per HTTP request, the bus adapters send the current one with every
 * job, request and event they publish (header `Mtp-Request-Id`) and run each handler under the id
 * its message carried, and the logger adds it to every line (`request_id`). So one id follows a
 * translation from the HTTP call through the workers and back to the tasks service.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The HTTP header a client may send and always gets back. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The NATS message header carrying it between processes. */
export const BUS_REQUEST_ID_HEADER = 'Mtp-Request-Id';

/** What a client may choose: short, and nothing that could forge a log line or a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/;

type Store = { requestId: string | undefined };
const storage = new AsyncLocalStorage<Store>();

/** A client's (or a message's) id when it is well formed; otherwise undefined. */
export function acceptRequestId(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && ACCEPTED_ID.test(v) ? v : undefined;
}

export function newRequestId(prefix = ''): string {
  return `${prefix}${randomUUID()}`;
}

/** The id of the work this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `fn` under `requestId`; `undefined` explicitly clears an outer id, so a handler of a
 * message without one never inherits the id of whatever happened to schedule its delivery.
 */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
