/**
 * The estimated cost of the chosen files beside the characters left (`doc-estimate`), a warning
 * when it is more than what is left (the files not covered are not translated and cost
 * nothing), and the files a worker would refuse, each with its code's message, before the upload.
 */
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bcp47, toUiLang } from '../../i18n/lang';
import type { DocEstimateView } from './use-doc-estimate';

export function DocEstimate({ view }: { view: DocEstimateView }) {
  const { t, i18n } = useTranslation();
  const num = (n: number) => n.toLocaleString(bcp47(toUiLang(i18n.language)));
  if (view.status === 'off') return null;
  if (view.status === 'loading') {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="doc-estimate" data-state="loading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('documents.estimating')}
        </Text>
      </Group>
    );
  }
  if (view.status === 'none') {
    return (
      <Text size="sm" c="dimmed" data-testid="doc-estimate" data-state="none">
        {t('documents.estimateNone')}
      </Text>
    );
  }
  const { total_chars: total, chars_left: left, files } = view.data;
  const refused = files.filter((f) => f.code !== undefined);
  return (
    <>
      <Text size="sm" fw={500} data-testid="doc-estimate" data-state="ready" data-total={total} data-left={left}>
        {t('documents.estimate', { count: num(total), left: num(left) })}
      </Text>
      {total > left && (
        <Alert color="orange" variant="light" data-testid="doc-estimate-over">
          {t('documents.estimateOver')}
        </Alert>
      )}
      {refused.length > 0 && (
        <List size="sm" c="red" data-testid="doc-estimate-refused" style={{ overflowWrap: 'anywhere' }}>
          {refused.map((f) => (
            <List.Item key={f.name} data-code={f.code}>
              {t('documents.estimateRefused', { name: f.name, msg: f.msg ?? '' })}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
