/** One place for toasts so the API client and pages look and time alike. */
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@mtp/proto';
import { messageDuration } from '../mobile/mobile';

// Set while a mobile entry page is shown: its message toasts last TIMINGS.mobileMessageMs.
let mobilePage = false;

export function setMobileMessages(on: boolean): void {
  mobilePage = on;
}

export function showError(message: string, durationMs: number = TIMINGS.errorToastMs): void {
  notifications.show({ color: 'red', message, autoClose: messageDuration(durationMs, mobilePage), withBorder: true });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: messageDuration(TIMINGS.errorToastMs, mobilePage), withBorder: true });
}

export function showWarning(message: string, durationMs: number, testId?: string): void {
  notifications.show({
    color: 'orange',
    message,
    autoClose: messageDuration(durationMs, mobilePage),
    withBorder: true,
    ...(testId ? { 'data-testid': testId } : {}),
  });
}
