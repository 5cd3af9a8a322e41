/**
 * A logged-in user's characters left: read on the page and refreshed after each translation. The
 * low-characters warning (10,000 or fewer, 10 s, with purchase options) is the header's, shown
 * once per session in every area (commerce/low-balance-warning.tsx), so this page does not warn
 * again.
 */
import { useQuery } from '@tanstack/react-query';
import { currentSessionUser } from '../../auth/session-user';
import { remainingCharsQueryOptions } from '../../queries/translation-query-options';

export function useRemainingChars(enabled: boolean): { totalLeft: number | undefined; refresh: () => void } {
  const query = useQuery({ ...remainingCharsQueryOptions(currentSessionUser()), enabled });
  const totalLeft = enabled ? query.data?.total_left : undefined;
  const { refetch } = query;
  return { totalLeft, refresh: () => void (enabled && refetch()) };
}
