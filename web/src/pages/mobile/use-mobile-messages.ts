import { useEffect } from 'react';
import { setMobileMessages } from '../../components/toast';

/** While a mobile entry page is shown, message toasts last TIMINGS.mobileMessageMs (5 s). */
export function useMobileMessages(): void {
  useEffect(() => {
    setMobileMessages(true);
    return () => setMobileMessages(false);
  }, []);
}
