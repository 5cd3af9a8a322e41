/**
 * Replace in targets: what to find and what to put instead (case, whole words), the number of
 * segments that will change counted before anything is sent, then `post_edit/replace`.
 */
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countReplacements } from './pe-filters';
import type { PeEditorState } from './use-pe-editor';

export function PeReplaceDialog({ editor, opened, onClose }: { editor: PeEditorState; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [replace, setReplace] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [wholeWord, setWholeWord] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = countReplacements(editor.segments, search, matchCase, wholeWord);
  const submit = async () => {
    setBusy(true);
    try {
      await editor.replace({ search, replace, match_case: matchCase, whole_word: wholeWord });
      onClose();
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('postEdit.replaceTitle')} data-testid="pe-replace-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (count > 0) void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('postEdit.find')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={1000}
            data-autofocus
            data-testid="pe-replace-search"
          />
          <TextInput
            label={t('postEdit.replaceWith')}
            value={replace}
            onChange={(e) => setReplace(e.currentTarget.value)}
            maxLength={1000}
            data-testid="pe-replace-with"
          />
          <Group>
            <Checkbox label={t('postEdit.matchCase')} checked={matchCase} onChange={(e) => setMatchCase(e.currentTarget.checked)} />
            <Checkbox label={t('postEdit.wholeWord')} checked={wholeWord} onChange={(e) => setWholeWord(e.currentTarget.checked)} />
          </Group>
          <Text size="sm" data-testid="pe-replace-count" data-count={count}>
            {t('postEdit.replaceCount', { count })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('postEdit.cancel')}
            </Button>
            <Button type="submit" disabled={count === 0} loading={busy} data-testid="pe-replace-confirm">
              {t('postEdit.replaceAll', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
