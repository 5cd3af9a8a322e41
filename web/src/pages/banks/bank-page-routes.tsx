/** Routes of the bank screens that are not the generic BankScreen: the public termbank and the staff "all banks" screens. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { BankFlag } from '../../banks/bank-rules';
import type { NavLabelKey } from '../../nav/nav-items';
import { AllBanksScreen } from './all-banks-screen';
import { PublicTermScreen } from './public-term-screen';

export function publicTermRoute<TParent extends AnyRoute, TPath extends string>(parent: () => TParent, path: TPath, titleKey: NavLabelKey) {
  return createRoute({ getParentRoute: parent, path, component: () => <PublicTermScreen titleKey={titleKey} /> });
}

export function allBanksRoute<TParent extends AnyRoute, TPath extends string>(
  parent: () => TParent,
  path: TPath,
  titleKey: NavLabelKey,
  flag: BankFlag,
) {
  return createRoute({ getParentRoute: parent, path, component: () => <AllBanksScreen key={path} flag={flag} titleKey={titleKey} /> });
}
