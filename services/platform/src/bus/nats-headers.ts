/**
 * The request id on the wire: NATS message headers (`Mtp-Request-Id`) on jobs, requests and
 * events, so a worker's handler runs under the id of the HTTP request that caused its work.
 */
import { headers, type MsgHdrs } from 'nats';
import { acceptRequestId, BUS_REQUEST_ID_HEADER, currentRequestId } from '../request-context';

/** The current request id as a message header (request-context.ts); none outside any request. */
export function requestIdHeaders(): MsgHdrs | undefined {
  const id = currentRequestId();
  if (!id) return undefined;
  const h = headers();
  h.set(BUS_REQUEST_ID_HEADER, id);
  return h;
}

export function requestIdOf(hdrs: MsgHdrs | undefined): string | undefined {
  return acceptRequestId(hdrs?.get(BUS_REQUEST_ID_HEADER));
}
