/**
 * The memory confirmed segments are written to (`post_edit/settings`): the user's memories of the
 * document's pair, or none (nothing is written). A refusal (44076) is the client's toast.
 */
import { Select } from '@mantine/core';
import type { PeProject } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { showSuccess } from '../../components/toast';
import { chooseMemory, peMemoriesQueryOptions } from './post-edit-api';

export function PeMemorySelect({ project, onChanged }: { project: PeProject; onChanged: (p: PeProject) => void }) {
  const { t } = useTranslation();
  const memories = useQuery(peMemoriesQueryOptions(currentSessionUser(), project.src_lang, project.tgt_lang));
  const [busy, setBusy] = useState(false);
  const data = (memories.data ?? []).map((b) => ({ value: String(b.bank_id), label: b.name }));
  // The chosen one may not be listed (a system memory chosen by staff elsewhere): still show its name.
  if (project.bank_id !== null && !data.some((d) => d.value === String(project.bank_id))) {
    data.unshift({ value: String(project.bank_id), label: project.bank_name ?? String(project.bank_id) });
  }
  const choose = async (value: string | null) => {
    setBusy(true);
    try {
      onChanged(await chooseMemory(project.project_id, value === null ? null : Number(value)));
      showSuccess(t('postEdit.memoryChosen'));
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Select
      size="xs"
      w={200}
      label={t('postEdit.memory')}
      placeholder={t('postEdit.noMemory')}
      data={data}
      value={project.bank_id === null ? null : String(project.bank_id)}
      onChange={(v) => void choose(v)}
      clearable
      disabled={busy}
      nothingFoundMessage={t('postEdit.noMemories')}
      data-testid="pe-memory"
    />
  );
}
