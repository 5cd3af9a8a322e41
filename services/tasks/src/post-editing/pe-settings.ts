/**
 * `POST post_edit/settings`: the memory confirmed segments are written to. It must be a memory
 * of the project's pair that the caller may write (their own individual memory, or a system
 * memory they manage), else 44076; null clears it (nothing is written on confirm). Choosing
 * another memory forgets which entries were written, so the next confirm of each segment writes
 * it into the new memory.
 */
import { inTransaction } from '@mtp/platform';
import { AppError, type PeProject, type PeSettingsBody } from '@mtp/proto';
import type { PeDeps } from './pe-deps';
import type { PeActor } from './pe-memory-port';
import { findProject, toProject } from './pe-rows';

export async function setPeMemory(deps: Pick<PeDeps, 'db' | 'memory'>, actor: PeActor, body: PeSettingsBody): Promise<PeProject> {
  const project = await findProject(deps.db, actor.userId, body.project_id);
  if (body.bank_id !== null) {
    const check = await deps.memory.checkBank(actor, body.bank_id, project.src_lang, project.tgt_lang);
    if (!check.ok) throw new AppError('PE_BANK_INVALID');
  }
  await inTransaction(deps.db, async (client) => {
    const { rowCount } = await client.query(
      'UPDATE pe_projects SET bank_id = $2, updated_at = now() WHERE project_id = $1 AND bank_id IS DISTINCT FROM $2',
      [project.project_id, body.bank_id],
    );
    if (rowCount)
      await client.query('UPDATE pe_segments SET entry_id = NULL WHERE project_id = $1 AND entry_id IS NOT NULL', [project.project_id]);
  });
  return toProject(await findProject(deps.db, actor.userId, body.project_id), deps.memory);
}
