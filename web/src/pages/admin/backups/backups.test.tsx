/** /backups rendered through the real router against the fake gateway, and how far a backup is. */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../../i18n';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { renderRoute } from '../../../test-utils/render-route';
import { backupPercent } from './backups-api';
import { createBackupsGateway, fakeBackup } from './fake-backups';

withAdminPageSession();

const LIST = [
  fakeBackup(3, { status: 'running', phase: 'files', files_done: 6, files_total: 12, trigger: 'manual', created_by: 'admin@example.com' }),
  fakeBackup(2),
  fakeBackup(1, { status: 'failed', phase: 'database', error: 'permission denied for table notes' }),
];

function serve(list = LIST) {
  const gateway = createBackupsGateway(list);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/backups', () => {
  it('lists backups with their state, progress and actions, and the schedule', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/backups');
    expect(page.pathname).toBe('/backups');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'backups-page',
        'backup-create',
        'backup-list',
        'backup-progress',
        'backup-error',
        'backup-settings',
        'backup-next-run',
      ]),
    );
    expect(page.testIds).not.toContain('feature-placeholder');
    expect([...page.html.matchAll(/data-testid="backup-row"/g)]).toHaveLength(3);
    expect(page.html).toContain('mtp-backup-20260301-030003');
    expect(page.html.replace(/<!-- -->/g, '')).toContain('Copying files · 75%');
    expect(page.html).toContain('permission denied for table notes');
    expect(page.html).toContain('5.0 MB');
    expect(page.html).toContain('value="0 3 * * *"');
    expect(gateway.requests.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/v1.0/admin/backups?page=1&page_size=10', '/api/v1.0/admin/backups/settings']),
    );
  });

  it('says so when there is none yet', async () => {
    serve([]);
    loginAs('admin');
    expect((await renderRoute('/backups')).html).toContain('No backups yet.');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/backups')).pathname).toBe('/403');
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/backups');
    expect(page.html).toContain('备份与恢复');
    expect(page.html).toContain('立即备份');
    expect(page.html).toContain('正在复制文件');
  });

  it('counts the dump as the first half and the files as the second', () => {
    expect(backupPercent(fakeBackup(1, { status: 'queued', phase: 'waiting' }))).toBe(0);
    expect(backupPercent(fakeBackup(1, { status: 'running', phase: 'database', tables_done: 20, tables_total: 40 }))).toBe(25);
    expect(backupPercent(fakeBackup(1, { status: 'running', phase: 'files', files_done: 0, files_total: 10 }))).toBe(50);
    expect(backupPercent(fakeBackup(1, { status: 'running', phase: 'finishing' }))).toBe(99);
    expect(backupPercent(fakeBackup(1))).toBe(100);
  });
});
