/** One place for toasts so the API client and pages look and time alike. */
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@mtp/proto';

export function showError(message: string, durationMs: number = TIMINGS.errorToastMs): void {
  notifications.show({ color: 'red', message, autoClose: durationMs, withBorder: true });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: TIMINGS.errorToastMs, withBorder: true });
}
