/** Routes of the TM / termbase screens: one generic screen per flag and scope. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { BankFlag, BankScope } from '../banks/bank-rules';
import type { NavLabelKey } from '../nav/nav-items';
import { BankScreen } from '../pages/banks/bank-screen';

export function bankRoute<TParent extends AnyRoute, TPath extends string>(
  parent: () => TParent,
  path: TPath,
  titleKey: NavLabelKey,
  flag: BankFlag,
  scope: BankScope,
) {
  return createRoute({
    getParentRoute: parent,
    path,
    component: () => <BankScreen key={path} flag={flag} scope={scope} titleKey={titleKey} />,
  });
}
