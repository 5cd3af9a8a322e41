/**
 * Above the table: the filter (statuses, a search in source or target), replace, undo, the
 * memory chooser, QA, export, the keys' help and whether everything is saved.
 */
import { Badge, Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { PE_SEGMENT_STATUSES, type PeProject } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import type { PeSearchSide } from './pe-filters';
import { PeExportMenu } from './pe-export-menu';
import { PeMemorySelect } from './pe-memory-select';
import { PeShortcutsHelp } from './pe-shortcuts-help';
import type { PeEditorState } from './use-pe-editor';

const SAVE_COLORS = { saved: 'teal', pending: 'gray', saving: 'blue', error: 'red' } as const;

export type PeToolbarProps = {
  editor: PeEditorState;
  onProject: (p: PeProject) => void;
  onReplace: () => void;
  onQa: () => void;
};

export function PeToolbar({ editor, onProject, onReplace, onQa }: PeToolbarProps) {
  const { t } = useTranslation();
  const { filter, setFilter } = editor;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="pe-toolbar">
      <MultiSelect
        size="xs"
        w={220}
        label={t('postEdit.filterStatus')}
        placeholder={t('postEdit.allStatuses')}
        data={PE_SEGMENT_STATUSES.map((s) => ({ value: s, label: t(`postEdit.status.${s}`) }))}
        value={[...filter.statuses]}
        onChange={(v) => setFilter({ ...filter, statuses: v as typeof filter.statuses })}
        clearable
        data-testid="pe-filter-status"
      />
      <TextInput
        size="xs"
        w={180}
        label={t('postEdit.searchLabel')}
        value={filter.text}
        onChange={(e) => setFilter({ ...filter, text: e.currentTarget.value })}
        data-testid="pe-filter-text"
      />
      <Select
        size="xs"
        w={110}
        aria-label={t('postEdit.searchIn')}
        data={(['both', 'source', 'target'] as const).map((s) => ({ value: s, label: t(`postEdit.side.${s}`) }))}
        value={filter.side}
        onChange={(v) => setFilter({ ...filter, side: (v ?? 'both') as PeSearchSide })}
        allowDeselect={false}
        data-testid="pe-filter-side"
      />
      <Button size="xs" variant="default" onClick={onReplace} data-testid="pe-replace">
        {t('postEdit.replace')}
      </Button>
      <Button size="xs" variant="default" onClick={editor.undo} disabled={!editor.canUndo} data-testid="pe-undo">
        {t('postEdit.undo')}
      </Button>
      <PeMemorySelect project={editor.project} onChanged={onProject} />
      <Button size="xs" variant="light" color="orange" onClick={onQa} data-testid="pe-qa">
        {t('postEdit.qaButton')}
      </Button>
      <PeExportMenu editor={editor} />
      <PeShortcutsHelp />
      <Badge variant="dot" color={SAVE_COLORS[editor.saveState]} data-testid="pe-save-state" data-state={editor.saveState}>
        {t(`postEdit.save.${editor.saveState}`)}
      </Badge>
    </Group>
  );
}
