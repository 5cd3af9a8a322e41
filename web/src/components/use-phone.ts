/**
 * Whether the screen is narrower than Mantine's `sm` breakpoint (48em), the width below which
 * the navbar becomes a drawer. For layouts that differ in structure (a table's rows as cards),
 * where `hiddenFrom`/`visibleFrom` would render both and duplicate every row in the DOM.
 */
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 47.99em)';

export function useIsPhone(): boolean {
  // Read on the first render, so a phone never lays out the wide table first; without a
  // window (server rendering in tests) this is false: the desktop layout.
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
