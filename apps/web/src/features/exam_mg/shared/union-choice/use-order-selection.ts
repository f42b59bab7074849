import { useCallback, useMemo, useState } from 'react';
import {
  checkOrderSelection,
  checkPackageChoice,
  checkUnionAddition,
  priceOrder,
  SELECTION_MESSAGES,
  toFen,
  type DeskDiscount,
  type PackageOption,
  type PayMode,
  type PriceRounding,
  type PricingResult,
  type SelectableUnion,
  type SelectionCheck,
  type SexCode,
  type UnionOption,
} from '@checkup/api-contract';

/** A union as the picker and the detail screen hold it: what the shared rules and the prices need. */
export type ChosenUnion = SelectableUnion & Pick<UnionOption, 'price' | 'dept_name'> & { no_discount?: boolean };

export interface OrderSelectionState {
  pkg: PackageOption | null;
  extras: ChosenUnion[];
  /** The union taken in each optional group of the package (group id → union id). */
  options?: Record<number, number>;
  /** The clerk confirmed a package for the other sex. */
  genderConfirmed?: boolean;
  /** The discount asked at the desk; absent, the centre's prices. */
  discount?: DeskDiscount;
}

const EMPTY: OrderSelectionState = { pkg: null, extras: [] };

/** The unions chosen from the package's optional groups. */
export function chosenOptions(state: OrderSelectionState): UnionOption[] {
  return (state.pkg?.option_groups ?? []).flatMap((g) => g.unions.filter((u) => state.options?.[g.id] === u.id));
}

/** The choice priced by the contract's rules, as the server will price it on save. */
export function priceSelection(
  state: OrderSelectionState,
  packagePayMode: PayMode,
  rounding: PriceRounding,
): PricingResult {
  const line = (u: ChosenUnion, origin: 'package' | 'extra', payMode: PayMode) => ({
    union_id: u.id,
    union_name: u.union_name,
    list_fen: toFen(u.price),
    origin,
    pay_mode: payMode,
    no_discount: u.no_discount ?? false,
  });
  return priceOrder({
    packageFen: state.pkg ? toFen(state.pkg.price) : null,
    lines: [
      ...[...(state.pkg?.unions ?? []), ...chosenOptions(state)].map((u) => line(u, 'package', packagePayMode)),
      ...state.extras.map((u) => line(u, 'extra', 'self')),
    ],
    discount: state.discount,
    rounding,
  });
}

/**
 * The package, its optional choices, the extra unions and the desk's discount of a registration,
 * checked with the spec §5 and issue 19 rules of libs/api-contract (the server checks the same again
 * on save); each change answers the refusal.
 */
export function useOrderSelection(initial: OrderSelectionState = EMPTY) {
  const [state, setState] = useState<OrderSelectionState>(initial);

  const choosePackage = useCallback(
    (
      pkg: PackageOption | null,
      sex: SexCode | undefined,
      opts: { genderConfirmed?: boolean; age?: number } = {},
    ): SelectionCheck => {
      if (pkg && !sex) return { ok: false, msg: SELECTION_MESSAGES.sexFirst };
      if (pkg) {
        const fits = checkPackageChoice(pkg, sex!, opts);
        if (!fits.ok) return fits;
        // Extras the package now holds are dropped; the rest must still fit beside it.
        const all = [...pkg.unions, ...pkg.option_groups.flatMap((g) => g.unions)];
        const extras = state.extras.filter((u) => !all.some((p) => p.id === u.id));
        const check = checkOrderSelection({
          sex: sex!,
          pkg,
          packageUnions: pkg.unions,
          extraUnions: extras,
          genderConfirmed: opts.genderConfirmed,
        });
        if (!check.ok) return check;
        setState((s) => ({ ...s, pkg, extras, options: {}, genderConfirmed: opts.genderConfirmed }));
      } else {
        setState((s) => ({ ...s, pkg: null, options: {}, genderConfirmed: false }));
      }
      return { ok: true };
    },
    [state.extras],
  );

  const chooseOption = useCallback(
    (groupId: number, unionId: number | undefined) =>
      setState((s) => {
        const options = { ...s.options };
        if (unionId === undefined) delete options[groupId];
        else options[groupId] = unionId;
        return { ...s, options };
      }),
    [],
  );

  const addUnion = useCallback(
    (union: ChosenUnion, sex: SexCode | undefined): SelectionCheck => {
      if (!sex) return { ok: false, msg: SELECTION_MESSAGES.sexFirst };
      const check = checkUnionAddition(
        [...(state.pkg?.unions ?? []), ...chosenOptions(state), ...state.extras],
        union,
        sex,
      );
      if (check.ok) setState((s) => ({ ...s, extras: [...s.extras, union] }));
      return check;
    },
    [state],
  );

  const removeUnion = useCallback((id: number) => {
    setState((s) => ({ ...s, extras: s.extras.filter((u) => u.id !== id) }));
  }, []);

  const setDiscount = useCallback((discount: DeskDiscount | undefined) => setState((s) => ({ ...s, discount })), []);

  const reset = useCallback((next: OrderSelectionState = EMPTY) => setState(next), []);

  const optionIds = useMemo(() => chosenOptions(state).map((u) => u.id), [state]);

  /** The whole choice for a sex and age (a sex changed after choosing is checked again before saving). */
  const check = useCallback(
    (sex: SexCode, age?: number): SelectionCheck =>
      checkOrderSelection({
        sex,
        pkg: state.pkg,
        packageUnions: [...(state.pkg?.unions ?? []), ...chosenOptions(state)],
        extraUnions: state.extras,
        optionGroups: (state.pkg?.option_groups ?? []).map((g) => ({
          group_name: g.group_name,
          union_ids: g.unions.map((u) => u.id),
        })),
        chosenOptionIds: optionIds,
        genderConfirmed: state.genderConfirmed,
        age,
      }),
    [state, optionIds],
  );

  return {
    ...state,
    optionIds,
    choosePackage,
    chooseOption,
    addUnion,
    removeUnion,
    setDiscount,
    reset,
    check,
  };
}
