/**
 * The billing service: the character-quota ledger (grants, reservations, an append-only journal)
 * and commerce on top of it (the catalogue, orders, payment providers, entitlements).
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
export { remaining, remainingAnonymous, remainingForApi, usageForApi } from './remaining';
export { listOpenReservations } from './open-reservations';
export { reserveMany, settleMany, type BatchReserved } from './reservation-batches';
export { chargeMany, type ChargeArgs } from './charge-batches';
export { clientKeyFromIp } from './owner';
export { ANONYMOUS_MONTHLY_CHARS, FREE_MONTHLY_CHARS } from './periods';
export type { Part, SpendVia } from './consumption';
export { ledgerPort, type LedgerPort, type Payer } from './ledger-port';
export { dueNotices, membershipOf, EXPIRED_NOTICE_WINDOW_MS, type Membership } from './notices';

// Commerce.
export { CATALOGUE_SKUS, catalogueSku, type CatalogueSku, type CatalogueCode } from './catalogue-skus';
export { listSkus, updatePrice, type StoredSku } from './catalogue';
export { getGoods, type GoodsArgs } from './goods';
export { skuName, goodsName } from './goods-text';
export { purchaseRefusal, type Buyer, type Refusal } from './purchase-rules';
export {
  createOrder,
  searchOrder,
  listenOrder,
  currentOrders,
  expiredOrders,
  findOrderByTid,
  markPaying,
  type CreateOrderArgs,
  type ListenArgs,
} from './orders';
export { memberInfo, expiryFlags } from './member';
export { listAdminOrders, exportAdminOrdersCsv, EXPORT_MAX_ROWS } from './admin-orders';
export { billingEnabled, setBillingMode } from './billing-mode';
export { UNLIMITED_MONTHLY_CHARS } from './periods';
export type { PaymentProvider, PaymentNotification } from './payment/provider';
export { canonicalString, signParams, verifyParams } from './payment/signature';
export { createSandboxCashier, sandboxCashierPath, SANDBOX_PROVIDER, type SandboxCashier } from './payment/sandbox-cashier';
export {
  processPaymentNotification,
  type NotificationOutcome,
  type PaidOrderEvent,
  type NotificationOptions,
} from './payment/notifications';
export { summarizeUsage, type UsageSummary } from './usage-summary';
export { chargedCharsByKind, CHARGE_KINDS, type ChargeKind } from './charged-by-kind';
export { grantPlanUntil, grantCharacters, usageByDay, livePlansByUser, STAFF_GRANT_SKU, type StaffGrant } from './staff-grants';
export { chargedBetween, paidOrdersBetween, type ChargedReservation, type PaidOrders } from './daily-facts';
