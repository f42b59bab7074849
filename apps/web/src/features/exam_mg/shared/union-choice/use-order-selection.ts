import { useCallback, useMemo, useState } from 'react';
import {
  checkOrderSelection,
  checkPackageChoice,
  checkUnionAddition,
  orderTotal,
  SELECTION_MESSAGES,
  type PackageOption,
  type SelectableUnion,
  type SelectionCheck,
  type SexCode,
  type UnionOption,
} from '@checkup/api-contract';

/** A union as the picker and the detail screen hold it: what the shared rules and the total need. */
export type ChosenUnion = SelectableUnion & Pick<UnionOption, 'price' | 'dept_name'>;

export interface OrderSelectionState {
  pkg: PackageOption | null;
  extras: ChosenUnion[];
}

/**
 * The package and extra unions of a registration, checked with the spec §5 rules of
 * libs/api-contract (the server checks the same again on save); each change answers the refusal.
 */
export function useOrderSelection(initial: OrderSelectionState = { pkg: null, extras: [] }) {
  const [state, setState] = useState<OrderSelectionState>(initial);

  const choosePackage = useCallback(
    (pkg: PackageOption | null, sex: SexCode | undefined): SelectionCheck => {
      if (pkg && !sex) return { ok: false, msg: SELECTION_MESSAGES.sexFirst };
      if (pkg) {
        const fits = checkPackageChoice(pkg, sex!);
        if (!fits.ok) return fits;
        // Extras the package now holds are dropped; the rest must still fit beside it.
        const extras = state.extras.filter((u) => !pkg.unions.some((p) => p.id === u.id));
        const check = checkOrderSelection({ sex: sex!, pkg, packageUnions: pkg.unions, extraUnions: extras });
        if (!check.ok) return check;
        setState({ pkg, extras });
      } else {
        setState((s) => ({ ...s, pkg: null }));
      }
      return { ok: true };
    },
    [state.extras],
  );

  const addUnion = useCallback(
    (union: ChosenUnion, sex: SexCode | undefined): SelectionCheck => {
      if (!sex) return { ok: false, msg: SELECTION_MESSAGES.sexFirst };
      const check = checkUnionAddition([...(state.pkg?.unions ?? []), ...state.extras], union, sex);
      if (check.ok) setState((s) => ({ ...s, extras: [...s.extras, union] }));
      return check;
    },
    [state],
  );

  const removeUnion = useCallback((id: number) => {
    setState((s) => ({ ...s, extras: s.extras.filter((u) => u.id !== id) }));
  }, []);

  const reset = useCallback((next: OrderSelectionState = { pkg: null, extras: [] }) => setState(next), []);

  const total = useMemo(
    () =>
      orderTotal(
        state.pkg?.price ?? null,
        state.extras.map((u) => u.price),
      ),
    [state],
  );

  /** The whole choice for a sex (a sex changed after choosing is checked again before saving). */
  const check = useCallback(
    (sex: SexCode): SelectionCheck =>
      checkOrderSelection({ sex, pkg: state.pkg, packageUnions: state.pkg?.unions ?? [], extraUnions: state.extras }),
    [state],
  );

  return { ...state, total, choosePackage, addUnion, removeUnion, reset, check };
}
