/**
 * The cards of /home from the summary: each figure with its label and the screen it opens. A
 * figure the server answers null (a manager's tasks and devices, a registry this server lacks)
 * has no card.
 */
import type { HomeSummary } from '@mtp/proto';

export type HomeCard = {
  id: string;
  labelKey:
    | 'home.usersTotal'
    | 'home.usersActiveToday'
    | 'home.charsToday'
    | 'home.charsMonth'
    | 'home.tasksRunning'
    | 'home.tasksFailedToday'
    | 'home.devicesUp';
  value: number;
  to: '/alluser' | '/stats' | '/myfile' | '/device-mgr';
};

export function homeCards(s: HomeSummary): HomeCard[] {
  const cards: (Omit<HomeCard, 'value'> & { value: number | null })[] = [
    { id: 'users-total', labelKey: 'home.usersTotal', value: s.users_total, to: '/alluser' },
    { id: 'users-active', labelKey: 'home.usersActiveToday', value: s.users_active_today, to: '/alluser' },
    { id: 'chars-today', labelKey: 'home.charsToday', value: s.chars_today, to: '/stats' },
    { id: 'chars-month', labelKey: 'home.charsMonth', value: s.chars_month, to: '/stats' },
    { id: 'tasks-running', labelKey: 'home.tasksRunning', value: s.tasks_running, to: '/myfile' },
    { id: 'tasks-failed', labelKey: 'home.tasksFailedToday', value: s.tasks_failed_today, to: '/myfile' },
    { id: 'devices-up', labelKey: 'home.devicesUp', value: s.devices_up, to: '/device-mgr' },
  ];
  return cards.filter((c): c is HomeCard => c.value !== null);
}
