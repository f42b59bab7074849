import { useEffect } from 'react';
import { App, Modal } from 'antd';
import {
  PRICING_MESSAGES,
  toFen,
  withinFloor,
  type OrderDetail,
  type PackageOption,
  type UnionOption,
} from '@checkup/api-contract';
import { useUserInfo } from '../../../session/api/get-user-info';
import { useRegistrationSettings } from '../../shared/union-choice/api/get-registration-settings';
import { useLeaderConfirm } from '../../shared/union-choice/leader-confirm';
import { UnionChoice } from '../../shared/union-choice/union-choice';
import {
  priceSelection,
  useOrderSelection,
  type OrderSelectionState,
} from '../../shared/union-choice/use-order-selection';
import { useUpdateUnions } from '../api/update-unions';

/**
 * The visit's unions in the shape of the registration pickers, at their list prices (the rules price
 * them again): the package's stay, the extras may change. 科室加项 lines are the departments' and are
 * not edited here.
 */
export function selectionOf(detail: OrderDetail): OrderSelectionState {
  const unions = detail.depts.flatMap((d) =>
    d.unions.map((u): UnionOption & { origin: string } => ({
      id: u.union_id,
      union_name: u.union_name,
      union_code: '',
      price: u.list_price,
      no_discount: u.no_discount,
      dept_id: d.dept_id,
      dept_name: d.dept_name,
      gender_limit: u.gender_limit,
      specimen: u.specimen,
      mutex_union_ids: u.mutex_union_ids,
      origin: u.origin,
    })),
  );
  const pkg: PackageOption | null = detail.package && {
    id: detail.package.id,
    package_code: '',
    package_name: detail.package.package_name,
    price: detail.package.price,
    gender_limit: '0',
    age_min: null,
    age_max: null,
    unions: unions.filter((u) => u.origin === 'package'),
    option_groups: [],
  };
  return { pkg, extras: unions.filter((u) => u.origin === 'extra'), discount: detail.desk_discount ?? undefined };
}

/** 修改加项: replaces the extras of a visit that is registered or checked in. */
export function EditExtrasDialog({
  detail,
  open,
  onClose,
}: {
  detail: OrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const selection = useOrderSelection(selectionOf(detail));
  const update = useUpdateUnions();
  const settings = useRegistrationSettings();
  const user = useUserInfo();
  const leader = useLeaderConfirm();
  const { reset } = selection;
  const payMode = detail.group_pay_mode ?? 'self';

  useEffect(() => {
    if (open) reset(selectionOf(detail));
  }, [open, detail, reset]);

  const save = async () => {
    const check = selection.check(detail.customer.sex);
    if (!check.ok) {
      void message.warning(check.msg);
      return;
    }
    const priced = priceSelection(selection, payMode, settings.data?.rounding ?? 'fen');
    if (!priced.ok) {
      void message.warning(priced.msg);
      return;
    }
    const floor = user.data?.discount_floor ?? 100;
    const credentials = withinFloor(priced, floor) ? undefined : await leader.ask(PRICING_MESSAGES.belowFloor(floor));
    if (credentials === null) return;
    try {
      const result = await update.mutateAsync({
        orderId: detail.order_id,
        unionIds: selection.extras.map((u) => u.id),
        discount: selection.discount,
        leader: credentials,
      });
      void message.success(`加项已保存，合计金额 ¥${result.total_price}`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      open={open}
      title="修改加项"
      width={760}
      okText="保存"
      confirmLoading={update.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <UnionChoice
        selection={selection}
        sex={detail.customer.sex}
        packageLocked
        packagePayMode={payMode}
        rounding={settings.data?.rounding}
        paidFen={toFen(detail.totals.paid)}
      />
      {leader.dialog}
    </Modal>
  );
}
