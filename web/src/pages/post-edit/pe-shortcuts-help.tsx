/** The keys, on screen (a popover), as Matecat documents its shortcuts. */
import { ActionIcon, Kbd, Popover, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PE_SHORTCUTS } from './pe-keys';

export function PeShortcutsHelp() {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="default" size="md" aria-label={t('postEdit.keys.title')} data-testid="pe-keys-help">
          ?
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="pe-keys-list">
        <Text size="sm" fw={600} mb={4}>
          {t('postEdit.keys.title')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {PE_SHORTCUTS.map((s) => (
              <Table.Tr key={s.keys}>
                <Table.Td>
                  <Kbd size="xs">{s.keys}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{t(s.what)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
