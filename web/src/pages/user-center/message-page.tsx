/**
 * /message: the message center (`messages`), all or unread only, ten a page (`?page=&unread=1`
 * in the URL). Reading one (`update_messages?msg_id=`) or all (`update_messages`) refreshes the
 * list and the user data, whose `msg_count` is the header's unread count.
 */
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@mtp/proto';
import { markMessagesRead } from '../../api/commerce-endpoints';
import { currentSessionUser } from '../../auth/session-user';
import { messagesQueryOptions, refreshAfterRead, type MessageFilter } from '../../commerce/commerce-query-options';
import { formatDateTime } from '../../commerce/format';
import { TablePager } from '../../components/table-pager';
import { toUiLang } from '../../i18n/lang';

type Props = { filter: MessageFilter; onFilter: (next: MessageFilter) => void };

function MessageCard({ message, onRead, busy }: { message: MessageItem; onRead: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="message-item" data-msg-id={message.msg_id} data-read={message.is_read}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={message.is_read ? 400 : 700} style={{ minWidth: 0 }}>
            {message.title}
          </Text>
          <Badge variant={message.is_read ? 'outline' : 'filled'} color={message.is_read ? 'gray' : 'blue'} style={{ flexShrink: 0 }}>
            {t(message.is_read ? 'commerce.messages.read' : 'commerce.messages.unread')}
          </Badge>
        </Group>
        <Text size="sm">{message.content}</Text>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {formatDateTime(message.created_at, toUiLang(i18n.language))}
          </Text>
          {!message.is_read && (
            <Button size="compact-xs" variant="subtle" onClick={onRead} loading={busy} data-testid="mark-read">
              {t('commerce.messages.markRead')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function MessagePage({ filter, onFilter }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const { data } = useSuspenseQuery(messagesQueryOptions(user, filter));
  const read = useMutation({
    mutationFn: (msgId?: number) => markMessagesRead(msgId),
    onSuccess: () => refreshAfterRead(queryClient, user),
  });

  return (
    <Stack gap="md" maw={900} data-testid="message-page" data-unread={data.unread}>
      <Title order={2}>{t('commerce.messages.title')}</Title>
      <Group justify="space-between">
        <SegmentedControl
          value={filter.unread ? 'unread' : 'all'}
          onChange={(v) => onFilter({ page: 1, unread: v === 'unread' })}
          data={[
            { value: 'all', label: t('commerce.messages.all') },
            { value: 'unread', label: `${t('commerce.messages.unread')} (${data.unread})` },
          ]}
          data-testid="message-filter"
        />
        <Button
          variant="light"
          disabled={data.unread === 0}
          loading={read.isPending && read.variables === undefined}
          onClick={() => read.mutate(undefined)}
          data-testid="mark-all-read"
        >
          {t('commerce.messages.markAllRead')}
        </Button>
      </Group>
      {data.msg_list.length === 0 ? (
        <Text c="dimmed" data-testid="no-messages">
          {t('commerce.messages.none')}
        </Text>
      ) : (
        data.msg_list.map((m) => (
          <MessageCard
            key={m.msg_id}
            message={m}
            onRead={() => read.mutate(m.msg_id)}
            busy={read.isPending && read.variables === m.msg_id}
          />
        ))
      )}
      <TablePager pages={data.pages} page={filter.page} onChange={(page) => onFilter({ ...filter, page })} testId="message-pages" />
    </Stack>
  );
}
