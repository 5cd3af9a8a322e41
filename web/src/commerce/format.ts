/** Dates, counts and order states of the commerce screens in the UI language. */
import type { OrderItem, UiLang } from '@mtp/proto';
import { bcp47 } from '../i18n/lang';

/** An ISO time as a date ("Nov 22, 2026" / "2026年11月22日"); empty for none or garbage. */
export function formatDate(iso: string | null | undefined, lang: UiLang): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(bcp47(lang), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An ISO time with hours and minutes, for order and message times. */
export function formatDateTime(iso: string | null | undefined, lang: UiLang): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(bcp47(lang), { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatCount(n: number, lang: UiLang): string {
  return n.toLocaleString(bcp47(lang));
}

/** The i18n keys naming an order's payment state and use (spec section 4's states). */
const PAY_STATUS_KEYS = [
  'commerce.payStatus.unpay',
  'commerce.payStatus.paying',
  'commerce.payStatus.payed',
  'commerce.payStatus.payFail',
] as const;
const USE_STATUS_KEYS = [
  'commerce.useStatus.none',
  'commerce.useStatus.inUse',
  'commerce.useStatus.frozen',
  'commerce.useStatus.ended',
] as const;

export function payStatusKey(status: OrderItem['pay_status']): (typeof PAY_STATUS_KEYS)[number] {
  return PAY_STATUS_KEYS[status];
}

export function orderUseStatusKey(status: OrderItem['status']): (typeof USE_STATUS_KEYS)[number] {
  return USE_STATUS_KEYS[status];
}

export const PAY_STATUS_COLORS = ['gray', 'blue', 'teal', 'red'] as const;
export const USE_STATUS_COLORS = ['gray', 'teal', 'indigo', 'gray'] as const;
