/**
 * Export: the document in its own format and layout, or TMX, XLIFF 1.2 or a bilingual DOCX.
 * Pending edits are saved first; the export runs in a worker, so its state is asked every 2 s
 * until the file is there, then downloaded with the bearer token (api/transfer.ts).
 */
import { Button, Menu } from '@mantine/core';
import { PE_EXPORT_FORMATS, type PeExportFormat } from '@mtp/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/toast';
import { downloadExport, queryExport, startExport } from './post-edit-api';
import type { PeEditorState } from './use-pe-editor';

export const EXPORT_POLL_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function PeExportMenu({ editor }: { editor: PeEditorState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<PeExportFormat | null>(null);
  const run = async (format: PeExportFormat) => {
    setBusy(format);
    try {
      await editor.flush().catch(() => undefined);
      const { export_id } = await startExport(editor.project.project_id, format);
      for (;;) {
        const state = await queryExport(export_id);
        if (state.status === 'done') return await downloadExport(state);
        if (state.status === 'failed') return showError(state.message || t('postEdit.exportFailed'));
        await sleep(EXPORT_POLL_MS);
      }
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" loading={busy !== null} data-testid="pe-export">
          {t('postEdit.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PE_EXPORT_FORMATS.map((f) => (
          <Menu.Item key={f} onClick={() => void run(f)} data-testid="pe-export-format" data-format={f}>
            {t(`postEdit.formats.${f}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
