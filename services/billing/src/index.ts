/**
 * The billing service. This issue: the character-quota ledger (grants, reservations, an
 * append-only journal). Plans, goods, orders and payment providers come with the order flow.
 */
export { billingMigrations } from './migrations';
export { grantPlan, grantPackage, type Grant, type GrantKind, type GrantPlanArgs, type GrantPackageArgs } from './grants';
export {
  reserve,
  settle,
  refund,
  findReservation,
  type Reservation,
  type ReservationResult,
  type ReservationState,
  type ReserveArgs,
  type SettleArgs,
} from './reservations';
export { remaining, remainingAnonymous } from './remaining';
export { listOpenReservations } from './open-reservations';
export { clientKeyFromIp } from './owner';
export { ANONYMOUS_MONTHLY_CHARS, FREE_MONTHLY_CHARS } from './periods';
export type { Part } from './consumption';
export { ledgerPort, type LedgerPort, type Payer } from './ledger-port';
