/**
 * The /set-editor route: the first page of bulletins is loaded before the page renders. The page
 * (with the rich-text editor, Tiptap and ProseMirror) is a chunk of its own, loaded only here.
 */
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import { adminBulletinsQueryOptions } from '../../../content/content-query-options';
import type { RouterContext } from '../../../routes/root-route';

export function editorRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/set-editor',
    staticData: { titleKey: 'nav.editor' },
    loader: async ({ context }) => {
      await (context as RouterContext).queryClient.ensureQueryData(adminBulletinsQueryOptions(currentSessionUser(), 1));
    },
    component: lazyRouteComponent(() => import('./editor-page'), 'EditorPage'),
  });
}
