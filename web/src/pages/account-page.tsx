/** My account: who I am, my role, and renaming myself (POST user/update_username). */
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkUsername } from '@mtp/proto';
import { updateUsername } from '../api/endpoints';
import { roleLabelKey } from '../auth/guards';
import { currentSessionUser } from '../auth/session-user';
import { showSuccess } from '../components/toast';
import { userDataQueryOptions } from '../queries/user-data-query-options';
import { useOnMainSite } from '../site/use-site';
import { fromCheck, useErrorText, type FieldError } from './auth/field-error';

export function AccountPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const userQuery = userDataQueryOptions(currentSessionUser());
  const { data: user } = useSuspenseQuery(userQuery);
  const onMainSite = useOnMainSite();
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<FieldError>();

  const rename = useMutation({
    mutationFn: (name: string) => updateUsername({ username: name }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
      showSuccess(t('account.saved'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = fromCheck(checkUsername(username));
    setError(invalid);
    if (!invalid) rename.mutate(username.trim());
  }

  const rows: [string, string][] = [
    [t('account.account'), user.account_number],
    [t('account.role'), t(roleLabelKey(user.role, onMainSite))],
  ];

  return (
    <Stack gap="md" maw={560} data-testid="account-page">
      <Title order={2}>{t('account.title')}</Title>
      <Paper withBorder p="md">
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              name="username"
              label={t('account.username')}
              value={username}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setError(undefined);
              }}
              error={errorText(error)}
            />
            <Button
              type="submit"
              mt={25}
              loading={rename.isPending}
              disabled={username.trim() === user.username}
              data-testid="save-username"
            >
              {t('account.save')}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
