/**
 * The numbers of the /traffic forms, checked before anything is sent: whole numbers inside
 * TRAFFIC_RANGES (the server checks the same ranges). Each field answers its error key or null.
 */
import { APP_ID_PATTERN, TRAFFIC_RANGES } from '@mtp/proto';

export type Range = { min: number; max: number };

/** A whole number typed in a field, or null when it is not one (empty, decimal, letters). */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** null when `text` is a whole number within `range`. */
export function rangeError(text: string, range: Range): { key: 'traffic.outOfRange'; min: number; max: number } | null {
  const n = wholeNumber(text);
  return n !== null && n >= range.min && n <= range.max ? null : { key: 'traffic.outOfRange', min: range.min, max: range.max };
}

export const FIELD_RANGES = {
  max_requests: TRAFFIC_RANGES.maxRequests,
  window_minutes: TRAFFIC_RANGES.windowMinutes,
  per_account: TRAFFIC_RANGES.loginPerAccount,
  per_ip: TRAFFIC_RANGES.loginPerIp,
} as const;

export type FieldName = keyof typeof FIELD_RANGES;

/** Every field's error (absent: fine); the form is sent only when this is empty. */
export function formErrors<F extends FieldName>(values: Record<F, string>): Partial<Record<F, ReturnType<typeof rangeError>>> {
  const errors: Partial<Record<F, ReturnType<typeof rangeError>>> = {};
  for (const name of Object.keys(values) as F[]) {
    const error = rangeError(values[name], FIELD_RANGES[name]);
    if (error) errors[name] = error;
  }
  return errors;
}

/** The subject field an override's scope needs: an account, a site id or an app_id. */
export function subjectError(
  scope: 'user' | 'site' | 'app',
  text: string,
): 'traffic.accountRequired' | 'traffic.siteIdInvalid' | 'traffic.appIdInvalid' | null {
  const value = text.trim();
  if (scope === 'user') return value === '' ? 'traffic.accountRequired' : null;
  if (scope === 'site') return wholeNumber(value) !== null && Number(value) >= 1 ? null : 'traffic.siteIdInvalid';
  return new RegExp(APP_ID_PATTERN).test(value) ? null : 'traffic.appIdInvalid';
}
