/**
 * `/webpage` (spec section 2, feature key WebTranslation; issue 22): a URL (required, an http or
 * https address) and a language pair; the task is polled every 2 s while a worker fetches and
 * translates the page; as soon as its first screen is translated the partial page is shown in a
 * sandboxed iframe with the progress, then the whole page, with a toggle to the original or both
 * side by side (stacked on phones). Free users' trials and the
 * characters charged are the server's business; its refusals show as the API client's toasts.
 */
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { LANGUAGES, LANGUAGE_NAMES, type LanguageCode } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAuthToken } from '../../auth/session';
import { currentSessionUser } from '../../auth/session-user';
import { toUiLang } from '../../i18n/lang';
import { startWebTranslation, urlProblem, webTaskQueryOptions } from './web-translate-api';
import { WebPageResult } from './web-page-result';

export function WebTranslatePage() {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const loggedIn = hasAuthToken();
  const user = currentSessionUser();
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [src, setSrc] = useState<LanguageCode>('en-us');
  const [tgt, setTgt] = useState<LanguageCode>('zh-cn');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const task = useQuery({ ...webTaskQueryOptions(user, taskId ?? ''), enabled: !!taskId });

  const problem = urlProblem(url);
  const working = starting || (!!taskId && (!task.data || task.data.status === 'working'));
  const partial = task.data?.status === 'working' && task.data.partial;
  const phase = !taskId ? 'idle' : partial ? 'partial' : (task.data?.status ?? 'working');
  const languages = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code][lang] }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || src === tgt || !loggedIn) return;
    setStarting(true);
    try {
      const created = await startWebTranslation({ url: url.trim(), src_lang: src, tgt_lang: tgt });
      setTaskId(created.task_id);
    } catch {
      // The API client already showed the refusal.
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="md" data-testid="web-translate-page" data-phase={phase}>
      <Title order={2}>{t('nav.web')}</Title>
      <Text size="sm" c="dimmed">
        {t('webTranslate.intro')}
      </Text>
      {!loggedIn && (
        <Alert color="blue" variant="light" data-testid="web-translate-login-required">
          {t('webTranslate.loginRequired')}
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('webTranslate.url')}
            placeholder={t('webTranslate.urlPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem ? t(`webTranslate.${problem}`) : undefined}
            inputMode="url"
            data-testid="web-translate-url"
          />
          <Group grow preventGrowOverflow={false} wrap="wrap" gap="sm">
            <NativeSelect
              label={t('webTranslate.source')}
              data={languages}
              value={src}
              onChange={(e) => setSrc(e.currentTarget.value as LanguageCode)}
              data-testid="web-translate-src"
            />
            <NativeSelect
              label={t('webTranslate.target')}
              data={languages}
              value={tgt}
              onChange={(e) => setTgt(e.currentTarget.value as LanguageCode)}
              error={src === tgt ? t('webTranslate.sameLanguage') : undefined}
              data-testid="web-translate-tgt"
            />
          </Group>
          <Group>
            <Button type="submit" loading={working} disabled={!loggedIn} data-testid="web-translate-submit">
              {t('webTranslate.translate')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {taskId && working && !partial && (
        <Group gap="xs" data-testid="web-translate-working">
          <Loader size="sm" />
          <Text size="sm">{t('webTranslate.working')}</Text>
        </Group>
      )}
      {task.data?.status === 'failed' && (
        <Alert color="red" variant="light" title={t('webTranslate.failed')} data-testid="web-translate-failed">
          {task.data.message}
        </Alert>
      )}
      {(task.data?.status === 'done' || partial) && task.data && <WebPageResult user={user} task={task.data} />}
    </Stack>
  );
}
