/**
 * Web pages whose job went missing, sent again from their rows by the recovery sweeper (the
 * rules of documents and scans, recovery/recovery-rules.ts): a publish that failed, an
 * in-process bus that restarted empty (everything working is resumed at start), or no result
 * long after the job went out while its queue holds nothing. A page sent twice costs a second
 * fetch, never a second charge (`web.charge` grants what is already reserved) or a second end
 * (results only end a working row).
 */
import { BUS } from '@mtp/proto';
import { republishLostJobs } from '../recovery/lost-jobs';
import type { RecoveryRules } from '../recovery/recovery-rules';
import { publishWebTask, type WebDeps, type WebJobRow } from './web-create';

export function recoverWebTasks(deps: Pick<WebDeps, 'db' | 'bus' | 'pool' | 'log'>, rules: RecoveryRules): Promise<number> {
  return republishLostJobs<WebJobRow>(deps, rules, {
    table: 'web_tasks',
    columns: 'task_id::text, url, src_lang, tgt_lang, pool',
    queue: BUS.webTranslations,
    publish: (page) => publishWebTask(deps, page, Date.now()),
  });
}
