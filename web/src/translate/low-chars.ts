/**
 * Spec section 8/9: "Remaining characters of 10,000 or fewer show a warning for 10 seconds".
 * Shown once per visit of the page; a negative or missing figure (unknown, unlimited) never warns.
 */
import { TIMINGS } from '@mtp/proto';

export const LOW_CHARS_THRESHOLD = TIMINGS.lowCharsWarning;
export const LOW_CHARS_WARNING_MS = TIMINGS.goodsWarningMs;

export function shouldWarnLowChars(totalLeft: number | null | undefined, alreadyWarned: boolean, threshold = LOW_CHARS_THRESHOLD): boolean {
  return !alreadyWarned && typeof totalLeft === 'number' && Number.isFinite(totalLeft) && totalLeft >= 0 && totalLeft <= threshold;
}
