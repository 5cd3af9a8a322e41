/**
 * The left column of the bank screen: the screen's banks with their language pair and entry
 * count, the one shown highlighted, and (where the user may edit) create, rename and delete.
 * On the individual screen the system banks the user may use are listed too, but only the
 * user's own can be renamed or deleted.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { BankItem } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import type { BankFlag, BankScope } from '../../banks/bank-rules';
import { useLanguageName } from './bank-dialogs';

type Props = {
  flag: BankFlag;
  scope: BankScope;
  banks: readonly BankItem[];
  shownId: number | null;
  editable: boolean;
  onChoose: (bank: BankItem) => void;
  onCreate: () => void;
  onRename: (bank: BankItem) => void;
  onDelete: (bank: BankItem) => void;
};

export function BankListPanel({ flag, scope, banks, shownId, editable, onChoose, onCreate, onRename, onDelete }: Props) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const pairLabel = (b: BankItem) =>
    t(b.tow_way === 1 ? 'bank.pairTwoWay' : 'bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) });

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs" data-testid="bank-list">
        <Group justify="space-between">
          <Text fw={600}>{t(flag === 0 ? 'bank.memoryBanks' : 'bank.termBanks')}</Text>
          {editable && (
            <Button size="xs" onClick={onCreate} data-testid="create-bank">
              {t('bank.createBank')}
            </Button>
          )}
        </Group>
        {banks.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('bank.noBanks')}
          </Text>
        )}
        {banks.map((b) => {
          const own = editable && (scope !== 'individual' || b.system_or_individual === 1);
          return (
            <Paper
              key={b.bank_id}
              withBorder
              p="xs"
              bg={b.bank_id === shownId ? 'var(--mantine-color-blue-light)' : undefined}
              data-testid="bank-item"
              data-bank-id={b.bank_id}
            >
              <Group justify="space-between" wrap="nowrap">
                <UnstyledButton
                  onClick={() => onChoose(b)}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-current={b.bank_id === shownId ? 'true' : undefined}
                  data-testid="bank-select"
                >
                  <Text fw={500} truncate>
                    {b.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {pairLabel(b)} · {t('bank.entries', { count: b.entry_count })}
                    {b.system_or_individual === 0 && scope === 'individual' ? ` · ${t('bank.systemTag')}` : ''}
                  </Text>
                </UnstyledButton>
                {own && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('bank.rename')} onClick={() => onRename(b)} data-testid="rename-bank">
                      <span aria-hidden>✎</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('bank.delete')}
                      onClick={() => onDelete(b)}
                      data-testid="delete-bank"
                    >
                      <span aria-hidden>✕</span>
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
