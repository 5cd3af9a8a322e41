/**
 * The document screens' confirmation dialog (stop a running task, delete My Documents). Its
 * buttons sit in a `<form>`, so Enter confirms like a click, and the confirm button takes the
 * focus when it opens, so the keyboard's first Enter answers the question it asks.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DocConfirmModalProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** Red for what cannot be undone. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
  /** The confirm button's test id (default `<testId>-ok`). */
  confirmTestId?: string;
};

export function DocConfirmModal(props: DocConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title || t('documents.confirmTitle')} centered>
      <form
        data-testid={props.testId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.busy) props.onConfirm();
        }}
      >
        <Stack>
          <Text size="sm">{props.message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} data-testid={`${props.testId}-cancel`}>
              {props.cancelLabel}
            </Button>
            <Button
              type="submit"
              color={props.danger ? 'red' : undefined}
              loading={props.busy}
              data-autofocus
              data-testid={props.confirmTestId ?? `${props.testId}-ok`}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
