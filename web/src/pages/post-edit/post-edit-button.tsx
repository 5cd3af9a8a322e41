/**
 * The way into post-editing from a translated file (My Documents, and the document page when
 * the task answered `do_cat: 1`): a link to `/translationedit?project_id=`, shown only to whom
 * the permission map gives PostEditing (the server still checks the plan: 42005 there opens the
 * purchase dialog).
 */
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { permissionQueryOptions } from '../../queries/permission-query-options';

export function PostEditButton({
  projectId,
  fileName,
  label = 'action',
  testId,
}: {
  projectId: string;
  fileName: string;
  label?: 'action' | 'openInEditor';
  testId: string;
}) {
  const { t } = useTranslation();
  // Cached by the main area's loader: no request of its own.
  const { data } = useQuery(permissionQueryOptions(currentSessionUser()));
  if (!data?.permissions.PostEditing) return null;
  return (
    <Button
      component={Link}
      to="/translationedit"
      search={{ project_id: projectId } as never}
      size="compact-sm"
      variant="light"
      color="violet"
      aria-label={t('postEdit.actionFile', { name: fileName })}
      data-testid={testId}
    >
      {t(`postEdit.${label}`)}
    </Button>
  );
}
