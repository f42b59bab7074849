import { useEffect } from 'react';
import { App, Modal } from 'antd';
import type { OrderDetail, PackageOption, UnionOption } from '@checkup/api-contract';
import { UnionChoice } from '../../shared/union-choice/union-choice';
import { useOrderSelection, type OrderSelectionState } from '../../shared/union-choice/use-order-selection';
import { useUpdateUnions } from '../api/update-unions';

/** The visit's unions in the shape of the registration pickers: the package's stay, the extras may change. */
export function selectionOf(detail: OrderDetail): OrderSelectionState {
  const unions = detail.depts.flatMap((d) =>
    d.unions.map((u): UnionOption & { origin: string } => ({
      id: u.union_id,
      union_name: u.union_name,
      union_code: '',
      price: u.price,
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
    unions: unions.filter((u) => u.origin === 'package'),
  };
  return { pkg, extras: unions.filter((u) => u.origin === 'extra') };
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
  const { reset } = selection;

  useEffect(() => {
    if (open) reset(selectionOf(detail));
  }, [open, detail, reset]);

  const save = async () => {
    const check = selection.check(detail.customer.sex);
    if (!check.ok) {
      void message.warning(check.msg);
      return;
    }
    try {
      const result = await update.mutateAsync({
        orderId: detail.order_id,
        unionIds: selection.extras.map((u) => u.id),
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
        packagePayMode={detail.group_pay_mode ?? 'self'}
      />
    </Modal>
  );
}
