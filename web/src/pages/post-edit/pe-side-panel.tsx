/**
 * The active segment's helpers, as in Matecat's side area: the best memory matches with their
 * score and the differences from the segment's source marked (Ctrl+1/2/3 or a click inserts
 * one), the termbase terms found in the source with their translations, and a concordance search
 * of the memories (Alt+K fills it with the selection or the source), and a machine translation's
 * error report.
 */
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { LanguageCode, PeProject, PeSegment } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { ReportErrorButton, type ReportedTranslation } from '../translate/report-error-dialog';
import { matchDiff } from './pe-match-diff';
import { PeTokenText } from './pe-token-text';
import { peKey, peMatchesQueryOptions, searchConcordance } from './post-edit-api';
import type { PeEditorState } from './use-pe-editor';

/**
 * A segment still as the machine translated it can be reported as a translation error (issue 20's
 * reports, which staff review and may add to a system memory); an edited one is the user's own work.
 */
export function reportedOf(project: PeProject, segment: PeSegment): ReportedTranslation | null {
  if (segment.status !== 'mt') return null;
  return {
    src_lang: project.src_lang as LanguageCode,
    tgt_lang: project.tgt_lang as LanguageCode,
    source: segment.source,
    output: segment.target,
  };
}

export function PeSidePanel({ editor }: { editor: PeEditorState }) {
  const segment = editor.activeSegment;
  if (!segment) return null;
  return (
    <Stack gap="sm" data-testid="pe-side-panel">
      <MatchesAndTerms projectId={editor.project.project_id} segment={segment} onInsert={editor.insertMatch} />
      <Concordance projectId={editor.project.project_id} request={editor.concordance} />
      <Group justify="flex-end">
        <ReportErrorButton reported={reportedOf(editor.project, segment)} />
      </Group>
    </Stack>
  );
}

function MatchesAndTerms({ projectId, segment, onInsert }: { projectId: string; segment: PeSegment; onInsert: (n: 1 | 2 | 3) => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(peMatchesQueryOptions(currentSessionUser(), projectId, segment.seg_index));
  return (
    <>
      <Title order={6}>{t('postEdit.matches')}</Title>
      {isPending && (
        <Text size="xs" c="dimmed">
          {t('postEdit.loading')}
        </Text>
      )}
      {data && data.tm.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="pe-no-matches">
          {t('postEdit.noMatches')}
        </Text>
      )}
      {data?.tm.map((m, i) => (
        <UnstyledButton key={m.entry_id} onClick={() => onInsert((i + 1) as 1 | 2 | 3)} data-testid="pe-match" data-score={m.score}>
          <Paper withBorder p={6} radius="sm">
            <Group justify="space-between" gap={4} mb={2}>
              <Badge size="xs" color={m.score >= 100 ? 'green' : 'yellow'} variant="light">
                {m.score}%
              </Badge>
              <Text size="xs" c="dimmed" truncate maw="60%">
                {m.bank_name} · Ctrl+{i + 1}
              </Text>
            </Group>
            <Text size="xs" component="div" data-testid="pe-match-source">
              {matchDiff(m.source, segment.source).map((p, k) =>
                p.kind === 'same' ? (
                  <span key={k}>{p.text}</span>
                ) : (
                  <span
                    key={k}
                    data-diff={p.kind}
                    title={t(p.kind === 'added' ? 'postEdit.diffAdded' : 'postEdit.diffRemoved')}
                    style={
                      p.kind === 'added'
                        ? { background: 'var(--mantine-color-green-light)', textDecoration: 'underline' }
                        : { background: 'var(--mantine-color-red-light)', textDecoration: 'line-through' }
                    }
                  >
                    {p.text}
                  </span>
                ),
              )}
            </Text>
            <Text size="xs" component="div" fw={500}>
              <PeTokenText text={m.target} />
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
      <Title order={6}>{t('postEdit.terms')}</Title>
      {data && data.terms.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('postEdit.noTerms')}
        </Text>
      )}
      {data?.terms.map((term, i) => (
        <Text key={i} size="xs" data-testid="pe-term">
          {term.source} → <b>{term.target}</b>
        </Text>
      ))}
    </>
  );
}

function Concordance({ projectId, request }: { projectId: string; request: PeEditorState['concordance'] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [side, setSide] = useState<'source' | 'target'>('source');
  const [asked, setAsked] = useState<{ text: string; side: 'source' | 'target' } | null>(null);
  useEffect(() => {
    if (!request) return;
    setText(request.text);
    setAsked({ text: request.text, side });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each Alt+K is a new search
  }, [request?.n]);
  const result = useQuery({
    queryKey: [...peKey(currentSessionUser()), 'concordance', projectId, asked] as const,
    queryFn: () => searchConcordance(projectId, asked!.text, asked!.side),
    enabled: asked !== null,
  });
  return (
    <>
      <Title order={6}>{t('postEdit.concordance')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) setAsked({ text: text.trim().slice(0, 200), side });
        }}
      >
        <Stack gap={4}>
          <TextInput
            size="xs"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder={t('postEdit.concordanceHint')}
            aria-label={t('postEdit.concordance')}
            maxLength={200}
            data-testid="pe-concordance-input"
          />
          <Group gap={4} justify="space-between">
            <SegmentedControl
              size="xs"
              value={side}
              onChange={(v) => setSide(v as 'source' | 'target')}
              data={[
                { value: 'source', label: t('postEdit.source') },
                { value: 'target', label: t('postEdit.target') },
              ]}
            />
            <Button size="compact-xs" type="submit" data-testid="pe-concordance-search">
              {t('postEdit.search')}
            </Button>
          </Group>
        </Stack>
      </form>
      {result.data && result.data.list.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="pe-concordance-none">
          {t('postEdit.noConcordance')}
        </Text>
      )}
      {result.data?.list.map((row, i) => (
        <Paper key={i} withBorder p={6} radius="sm" data-testid="pe-concordance-row">
          <Text size="xs">{row.source}</Text>
          <Text size="xs" fw={500}>
            {row.target}
          </Text>
          <Text size="xs" c="dimmed">
            {row.bank_name}
          </Text>
        </Paper>
      ))}
    </>
  );
}
