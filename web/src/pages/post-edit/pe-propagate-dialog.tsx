/** After a confirm: the same source elsewhere, unconfirmed, offered the same translation (Matecat's propagation). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeEditorState } from './use-pe-editor';

export function PePropagateDialog({ editor }: { editor: PeEditorState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const offer = editor.offer;
  const go = async () => {
    if (!offer) return;
    setBusy(true);
    try {
      await editor.propagate(offer);
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={offer !== null}
      onClose={() => editor.setOffer(null)}
      title={t('postEdit.propagateTitle')}
      data-testid="pe-propagate-dialog"
    >
      <Text size="sm" mb="md">
        {t('postEdit.propagateText', { count: offer?.to.length ?? 0, n: (offer?.seg_index ?? 0) + 1 })}
      </Text>
      <Text size="xs" c="dimmed" mb="md">
        {offer?.to.map((i) => `#${i + 1}`).join(', ')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => editor.setOffer(null)}>
          {t('postEdit.propagateNo')}
        </Button>
        <Button onClick={() => void go()} loading={busy} data-autofocus data-testid="pe-propagate-confirm">
          {t('postEdit.propagateYes')}
        </Button>
      </Group>
    </Modal>
  );
}
