/**
 * The post-editing screen of one document: toolbar, the virtualized segment table and, beside
 * it, the active segment's matches, terms and concordance (a drawer on a phone). The keys are
 * heard on the whole window while the screen is open (Matecat's are global too), except inside
 * a dialog, which has its own.
 */
import { Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { PeProject, PeSegment } from '@mtp/proto';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../components/use-phone';
import { isConfirmed } from './pe-filters';
import { isTextField, peKeyAction } from './pe-keys';
import { PePropagateDialog } from './pe-propagate-dialog';
import { PeQaDrawer } from './pe-qa-drawer';
import { PeReplaceDialog } from './pe-replace-dialog';
import { PeSegmentTable } from './pe-segment-table';
import { PeSidePanel } from './pe-side-panel';
import { PeToolbar } from './pe-toolbar';
import { usePeEditor, type PeEditorState } from './use-pe-editor';

/** What Alt+K searches: the text selected (in the editor or anywhere on the page), else the source. */
function selectedText(segment: PeSegment | undefined): string {
  const el = document.activeElement;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) {
    const picked = el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0);
    if (picked.trim()) return picked;
  }
  const sel = window.getSelection()?.toString() ?? '';
  return sel.trim() ? sel : (segment?.source ?? '');
}

function useEditorKeys(editor: PeEditorState) {
  const latest = useRef(editor);
  latest.current = editor;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof Element && e.target.closest('[role=dialog]')) return;
      // A DOM event's fields are getters on its prototype: spreading it would copy none of them.
      const { key, code, ctrlKey, metaKey, altKey, shiftKey } = e;
      const action = peKeyAction({ key, code, ctrlKey, metaKey, altKey, shiftKey, inTextField: isTextField(e.target) });
      if (!action) return;
      e.preventDefault();
      const ed = latest.current;
      if (action.kind === 'confirm') ed.confirm();
      else if (action.kind === 'move') ed.move(action.by);
      else if (action.kind === 'copySource') ed.replaceTarget(ed.active, ed.activeSegment?.source ?? '');
      else if (action.kind === 'insertMatch') ed.insertMatch(action.n);
      else if (action.kind === 'concordance') ed.searchMemories(selectedText(ed.activeSegment));
      else ed.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function PeEditor({ project: opened, segments }: { project: PeProject; segments: PeSegment[] }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [project, setProject] = useState(opened);
  const editor = usePeEditor(project, segments);
  const [replacing, setReplacing] = useState(false);
  const [qa, setQa] = useState(false);
  const [helpers, setHelpers] = useState(false);
  useEditorKeys(editor);
  const confirmed = editor.segments.filter(isConfirmed).length;

  return (
    <Stack gap="xs" data-testid="pe-editor" data-project-id={project.project_id} data-segments={editor.segments.length}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={4} style={{ overflowWrap: 'anywhere' }} data-testid="pe-file-name">
          {project.file_name}
        </Title>
        <Text size="sm" c="dimmed" data-testid="pe-progress">
          {project.src_lang} → {project.tgt_lang} · {t('postEdit.confirmedOf', { done: confirmed, total: editor.segments.length })}
        </Text>
      </Group>
      <PeToolbar editor={editor} onProject={setProject} onReplace={() => setReplacing(true)} onQa={() => setQa(true)} />
      {phone ? (
        <>
          <Button size="xs" variant="light" onClick={() => setHelpers(true)} data-testid="pe-helpers-open">
            {t('postEdit.helpers')}
          </Button>
          <PeSegmentTable editor={editor} phone />
          <Drawer opened={helpers} onClose={() => setHelpers(false)} position="bottom" size="75%" title={t('postEdit.helpers')}>
            <PeSidePanel editor={editor} />
          </Drawer>
        </>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 300px', gap: 12, alignItems: 'start' }}>
          <PeSegmentTable editor={editor} phone={false} />
          <div style={{ maxHeight: 'clamp(360px, calc(100dvh - 300px), 660px)', overflowY: 'auto' }}>
            <PeSidePanel editor={editor} />
          </div>
        </div>
      )}
      <PeReplaceDialog editor={editor} opened={replacing} onClose={() => setReplacing(false)} />
      <PePropagateDialog editor={editor} />
      <PeQaDrawer editor={editor} opened={qa} onClose={() => setQa(false)} />
    </Stack>
  );
}
