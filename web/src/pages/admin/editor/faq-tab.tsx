/** The FAQ tab (administrators): entries in their order; new, edit, delete after a confirmation. */
import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { AdminFaq } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { FormDialog } from '../../../components/form-dialog';
import { showSuccess } from '../../../components/toast';
import { createFaq, deleteFaq, updateFaq } from '../../../content/content-endpoints';
import { adminFaqQueryOptions, contentKeys } from '../../../content/content-query-options';
import { currentLang } from '../../../i18n';
import { BilingualFields } from './bilingual-fields';
import { ConfirmDelete } from './confirm-delete';
import { checkFaq, emptyFaq, faqBody, faqDraftOf, nextFaqOrder, type DraftError, type FaqDraft } from './editor-form';

export function FaqTab() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(adminFaqQueryOptions(user));
  const [editing, setEditing] = useState<{ id: number | null; draft: FaqDraft } | null>(null);
  const [deleting, setDeleting] = useState<AdminFaq | null>(null);
  const lang = currentLang();
  const done = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contentKeys.adminFaq(user) }),
      queryClient.invalidateQueries({ queryKey: ['content', 'faq'] }),
    ]);
    showSuccess(t('content.saved'));
  };
  const save = useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: FaqDraft }) =>
      id === null ? createFaq(faqBody(draft)) : updateFaq({ faq_id: id, ...faqBody(draft) }),
    onSuccess: async () => {
      setEditing(null);
      await done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteFaq(id),
    onSuccess: async () => {
      setDeleting(null);
      await done();
    },
  });

  return (
    <Stack data-testid="faq-tab">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ id: null, draft: emptyFaq(nextFaqOrder(data.list)) })} data-testid="faq-new">
          {t('content.newFaq')}
        </Button>
      </Group>
      {data.list.length === 0 ? (
        <Text c="dimmed">{t('content.faqNone')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Tbody>
              {data.list.map((f) => (
                <Table.Tr key={f.faq_id} data-testid="faq-row">
                  <Table.Td w={60}>{f.sort_order}</Table.Td>
                  <Table.Td>{f.question[lang]}</Table.Td>
                  <Table.Td w={170}>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing({ id: f.faq_id, draft: faqDraftOf(f) })}>
                        {t('content.edit')}
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(f)}>
                        {t('content.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <FaqDialog
          initial={editing.draft}
          editing={editing.id !== null}
          busy={save.isPending}
          onSave={(draft) => save.mutate({ id: editing.id, draft })}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        name={deleting ? deleting.question[lang] : null}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.faq_id)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

type DialogProps = { initial: FaqDraft; editing: boolean; busy: boolean; onSave: (d: FaqDraft) => void; onCancel: () => void };

function FaqDialog({ initial, editing, busy, onSave, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<DraftError | null>(null);
  const submit = () => {
    const problem = checkFaq(draft);
    setError(problem);
    if (!problem) onSave(draft);
  };
  return (
    <FormDialog
      opened
      title={t(editing ? 'content.editFaq' : 'content.newFaq')}
      submitLabel={t('content.save')}
      cancelLabel={t('content.cancel')}
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      testId="faq-dialog"
    >
      {error && <Alert color="red">{t(error)}</Alert>}
      <BilingualFields
        titleLabel={t('content.question')}
        textLabel={t('content.answer')}
        title={draft.question}
        text={draft.answer}
        onTitle={(question) => setDraft({ ...draft, question })}
        onText={(answer) => setDraft({ ...draft, answer })}
        testId="faq"
      />
      <NumberInput
        label={t('content.order')}
        min={0}
        max={100000}
        value={draft.order}
        onChange={(v) => setDraft({ ...draft, order: typeof v === 'number' ? v : 0 })}
      />
    </FormDialog>
  );
}
