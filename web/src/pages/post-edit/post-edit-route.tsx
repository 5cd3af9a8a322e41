/**
 * `/translationedit` (feature key PostEditing: staff, and registered users where the site enables
 * CAT; the server also checks the plan and answers 42005, which opens the purchase dialog). The
 * document is `?project_id=` (a file of My Documents or a document task); without it the user's
 * projects, `?page=` paged.
 */
import { Stack, Title } from '@mantine/core';
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { permissionQueryOptions } from '../../queries/permission-query-options';
import type { RouterContext } from '../../routes/root-route';
import { PeOpener } from './pe-opener';
import { PeProjectList } from './pe-project-list';
import { peProjectsQueryOptions } from './post-edit-api';

export type PostEditSearch = { project_id?: string; page?: number };

export function validatePostEditSearch(search: Record<string, unknown>): PostEditSearch {
  const id = typeof search.project_id === 'string' && /^[\w-]{1,64}$/.test(search.project_id) ? search.project_id : undefined;
  const n = typeof search.page === 'number' ? search.page : Number(search.page);
  return { project_id: id, page: Number.isSafeInteger(n) && n > 1 ? n : undefined };
}

export function postEditRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/translationedit',
    staticData: { titleKey: 'nav.postEdit' },
    validateSearch: validatePostEditSearch,
    beforeLoad: async ({ context }) => {
      const permission = await (context as RouterContext).queryClient.ensureQueryData(permissionQueryOptions(currentSessionUser()));
      if (permission.permissions.PostEditing === undefined) throw redirect({ to: '/403' });
    },
    loaderDeps: ({ search }) => ({ project_id: search.project_id, page: search.page ?? 1 }),
    loader: async ({ context, deps }) => {
      if (deps.project_id) return;
      await (context as RouterContext).queryClient.ensureQueryData(peProjectsQueryOptions(currentSessionUser(), deps.page));
    },
    component: function PostEditRoute() {
      const { t } = useTranslation();
      const search = route.useSearch() as PostEditSearch;
      const navigate = route.useNavigate();
      return (
        <Stack gap="sm" data-testid="post-edit-page">
          {!search.project_id && <Title order={3}>{t('nav.postEdit')}</Title>}
          {search.project_id ? (
            <PeOpener projectId={search.project_id} />
          ) : (
            <PeProjectList
              page={search.page ?? 1}
              onPage={(page) => void navigate({ search: validatePostEditSearch({ page }) } as Parameters<typeof navigate>[0])}
            />
          )}
        </Stack>
      );
    },
  });
  return route;
}
