/**
 * A logged-in user's characters left: read on the page, refreshed after each translation, and
 * the low-characters warning (10,000 or fewer, 10 s) shown once per visit of the page.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { showWarning } from '../../components/toast';
import { bcp47, toUiLang } from '../../i18n/lang';
import { remainingCharsQueryOptions } from '../../queries/translation-query-options';
import { LOW_CHARS_WARNING_MS, shouldWarnLowChars } from '../../translate/low-chars';

export function useRemainingChars(enabled: boolean): { totalLeft: number | undefined; refresh: () => void } {
  const { t, i18n } = useTranslation();
  const query = useQuery({ ...remainingCharsQueryOptions(currentSessionUser()), enabled });
  // Per visit: the ref lives as long as the page component, so leaving and coming back warns again.
  const warned = useRef(false);
  const totalLeft = enabled ? query.data?.total_left : undefined;

  useEffect(() => {
    if (!shouldWarnLowChars(totalLeft, warned.current)) return;
    warned.current = true;
    showWarning(
      t('translate.lowChars', { left: totalLeft!.toLocaleString(bcp47(toUiLang(i18n.language))) }),
      LOW_CHARS_WARNING_MS,
      'low-chars-warning',
    );
  }, [totalLeft, t, i18n.language]);

  const { refetch } = query;
  return { totalLeft, refresh: () => void (enabled && refetch()) };
}
