/**
 * A dialog whose content is a form: Enter submits it (from any input, or from the submit button,
 * which takes the focus when the dialog opens), Escape and Cancel close it. Any dialog that asks
 * for a confirmation or a few fields should be one of these, so Enter means the same everywhere.
 */
import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

type Props = {
  opened: boolean;
  title: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
};

export function FormDialog({ opened, title, submitLabel, cancelLabel, onSubmit, onCancel, busy, testId, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A nested form (a dialog opened from inside another form) must not submit its parent too.
    event.stopPropagation();
    if (!busy) onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="lg" data-testid={testId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid={testId && `${testId}-cancel`}>
              {cancelLabel}
            </Button>
            {/* data-autofocus: with no input to type in, Enter still reaches this button. */}
            <Button type="submit" loading={busy} data-autofocus data-testid={testId && `${testId}-submit`}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
