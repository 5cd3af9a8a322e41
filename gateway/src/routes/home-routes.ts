/**
 * `GET admin/home_summary`: the numbers of the admin home page, each from the package that owns
 * its table. Administrators see the whole platform; managers their own site's users and
 * characters (tasks and devices are platform-wide, so theirs are null). "Today" and "this
 * month" start at midnight and on the 1st in the gateway's time zone (TZ).
 */
import { assertAdmin, summarizeUsers } from '@mtp/accounts';
import { summarizeUsage } from '@mtp/billing';
import { countDevicesUp, type DeviceRegistry } from '@mtp/ops';
import type { Db } from '@mtp/platform';
import { HomeSummary, Reply, ROLES } from '@mtp/proto';
import { summarizeTasks } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export type HomeRoutesOptions = {
  db: Db;
  /** The device registry of this process; null: none runs here, so the figure is unknown. */
  devices: Pick<DeviceRegistry, 'list'> | null;
};

export function periodStarts(now: Date): { dayStart: Date; monthStart: Date } {
  return {
    dayStart: new Date(now.getFullYear(), now.getMonth(), now.getDate()),
    monthStart: new Date(now.getFullYear(), now.getMonth(), 1),
  };
}

export const homeRoutes: FastifyPluginAsyncTypebox<HomeRoutesOptions> = async (app, { db, devices }) => {
  app.get('/admin/home_summary', { schema: { response: { 200: Reply(HomeSummary) } } }, async (req) => {
    const ctx = requireUser(req);
    assertAdmin(ctx);
    const admin = ctx.role === ROLES.ADMIN;
    const siteId = admin ? null : ctx.siteId;
    const { dayStart, monthStart } = periodStarts(new Date());
    const [users, usage, tasks] = await Promise.all([
      summarizeUsers(db, { siteId, dayStart }),
      summarizeUsage(db, { siteId, dayStart, monthStart }),
      admin ? summarizeTasks(db, { dayStart }) : null,
    ]);
    return ok(req, {
      users_total: users.total,
      users_active_today: users.activeToday,
      chars_today: usage.charsToday,
      chars_month: usage.charsMonth,
      tasks_running: tasks?.running ?? null,
      tasks_failed_today: tasks?.failedToday ?? null,
      devices_up: admin && devices ? countDevicesUp(devices) : null,
    });
  });
};
