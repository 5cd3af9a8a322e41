/**
 * Routes of the TM / termbase screens: one generic screen per flag and scope. The chosen bank,
 * the entry page and the keyword live in the URL (`?bank=3&page=2&keyword=cloud`); the loader
 * puts the account's banks and the shown page of entries in the query cache before the screen
 * renders, so the screen reads them with useSuspenseQuery.
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { currentSessionUser } from '../auth/session-user';
import { chosenBank, type BankFlag, type BankScope } from '../banks/bank-rules';
import type { NavLabelKey } from '../nav/nav-items';
import { BankScreen } from '../pages/banks/bank-screen';
import { bankEntriesQueryOptions, bankListQueryOptions } from '../queries/bank-query-options';
import { userDataQueryOptions } from '../queries/user-data-query-options';
import type { RouterContext } from './root-route';
import { pageFilterOf, validateBankSearch, type BankSearch } from './table-search';

/** Loads what a bank screen shows first; returns nothing, so the router keeps no copy of it. */
export async function loadBankScreen(queryClient: QueryClient, flag: BankFlag, scope: BankScope, search: BankSearch): Promise<void> {
  const user = currentSessionUser();
  const [, banks] = await Promise.all([
    queryClient.ensureQueryData(userDataQueryOptions(user)),
    queryClient.ensureQueryData(bankListQueryOptions(user, flag, scope)),
  ]);
  const bank = chosenBank(banks.bank_list, search.bank);
  if (bank) {
    await queryClient.ensureQueryData(bankEntriesQueryOptions(user, flag, scope, { bankId: bank.bank_id, ...pageFilterOf(search) }));
  }
}

export function bankRoute<TParent extends AnyRoute, TPath extends string>(
  parent: () => TParent,
  path: TPath,
  titleKey: NavLabelKey,
  flag: BankFlag,
  scope: BankScope,
) {
  const route = createRoute({
    getParentRoute: parent,
    path,
    staticData: { titleKey },
    validateSearch: validateBankSearch,
    loaderDeps: ({ search }) => ({ bank: search.bank, page: search.page, keyword: search.keyword }),
    loader: ({ context, deps }) => loadBankScreen((context as RouterContext).queryClient, flag, scope, deps),
    component: function BankRoute() {
      const search = route.useSearch() as BankSearch;
      const navigate = route.useNavigate();
      return (
        <BankScreen
          key={path}
          flag={flag}
          scope={scope}
          titleKey={titleKey}
          search={search}
          onSearch={(next) => void navigate({ search: next } as Parameters<typeof navigate>[0])}
        />
      );
    },
  });
  return route;
}
