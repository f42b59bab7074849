import { useMemo, useState } from 'react';
import { Alert, App, Button, Select, Space, Table, Tag } from 'antd';
import {
  fenText,
  genderAllows,
  NO_DISCOUNT,
  PAY_MODE_LABELS,
  SELECTION_MESSAGES,
  specimenName,
  type LineDiscount,
  type PackageOption,
  type PayMode,
  type PriceRounding,
  type SelectionCheck,
  type SexCode,
} from '@checkup/api-contract';
import { usePackageList } from './api/get-package-list';
import { useUnionList } from './api/get-union-list';
import { BatchDiscountDialog, LineDiscountDialog, type DiscountedLine } from './discount-dialogs';
import { PriceTotalsLine } from './price-totals';
import { chosenOptions, priceSelection, type ChosenUnion, type useOrderSelection } from './use-order-selection';

type Selection = ReturnType<typeof useOrderSelection>;

interface Row extends ChosenUnion {
  origin: 'package' | 'extra';
  specimen?: string | null;
  list_price: string;
  /** 优惠价 as the rules price it; null while the discount asked is refused. */
  price_fen: number | null;
  base_fen: number;
}

const matchesPackage = (input: string, option?: { label: string; code: string }) => {
  const typed = input.trim().toLowerCase();
  return !!option && (option.code.toLowerCase().startsWith(typed) || option.label.toLowerCase().includes(typed));
};

/**
 * Package and union pickers with the chosen unions priced line by line (原价, 优惠价, who pays, 待收费),
 * the desk's discounts and the totals (issue 19); spec §5 refusals are shown as warnings. The prices
 * are the contract's, as the server will store them; the defaults need no click.
 */
export function UnionChoice({
  selection,
  sex,
  age,
  packageLocked = false,
  packageFixed = false,
  packagePayMode = 'self',
  rounding = 'fen',
  paidFen = 0,
  packagePickerId,
}: {
  selection: Selection;
  sex: SexCode | undefined;
  /** The examinee's age on the exam day: the package's range is checked as it is chosen. */
  age?: number;
  /** The detail screen edits extras only: the package stays as registered. */
  packageLocked?: boolean;
  /** A company group's package: shown, not changed. */
  packageFixed?: boolean;
  /** Who pays for the package's lines (a group says it); extras are always the examinee's (自费). */
  packagePayMode?: PayMode;
  /** Parameter 0140. */
  rounding?: PriceRounding;
  /** 已收 (payments) of a visit already registered. */
  paidFen?: number;
  /** The package picker's id, for the desk to put the focus there after reading a card. */
  packagePickerId?: string;
}) {
  const { message, modal } = App.useApp();
  const [key, setKey] = useState('');
  const [batchOpen, setBatchOpen] = useState(false);
  const [lineEditing, setLineEditing] = useState<DiscountedLine | null>(null);
  const packages = usePackageList();
  const unions = useUnionList(key, sex);

  const warnIfRefused = (check: SelectionCheck) => {
    if (!check.ok) void message.warning(check.msg);
  };

  // issue 19: a package for the other sex is asked about, not refused; its age range is refused.
  const pickPackage = async (pkg: PackageOption | null) => {
    if (pkg && sex && !genderAllows(pkg.gender_limit, sex)) {
      const confirmed = await modal.confirm({
        title: '套餐性别不符',
        content: SELECTION_MESSAGES.packageGenderAsk(pkg.package_name),
        okText: '仍然选择',
        cancelText: '取消',
      });
      if (!confirmed) return;
      warnIfRefused(selection.choosePackage(pkg, sex, { genderConfirmed: true, age }));
      return;
    }
    warnIfRefused(selection.choosePackage(pkg, sex, { age }));
  };

  const priced = useMemo(
    () => priceSelection(selection, packagePayMode, rounding),
    [selection, packagePayMode, rounding],
  );
  const discount = selection.discount ?? NO_DISCOUNT;

  const rows: Row[] = [
    ...[...(selection.pkg?.unions ?? []), ...chosenOptions(selection)].map((u) => ({
      ...u,
      origin: 'package' as const,
    })),
    ...selection.extras.map((u) => ({ ...u, origin: 'extra' as const })),
  ].map((u, i) => ({
    ...u,
    list_price: u.price,
    price_fen: priced.ok ? priced.lines[i]!.price_fen : null,
    base_fen: priced.ok ? priced.lines[i]!.base_fen : 0,
  }));
  const payModeOf = (row: Row): PayMode => (row.origin === 'package' ? packagePayMode : 'self');

  const setLineDiscount = (unionId: number, next: LineDiscount | undefined) => {
    const lines = discount.lines.filter((l) => l.union_id !== unionId);
    selection.setDiscount({ ...discount, lines: next ? [...lines, next] : lines });
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        {!packageLocked && (
          <Select
            aria-label="套餐"
            id={packagePickerId}
            style={{ width: 260 }}
            allowClear
            // Issue 19: typing the code (its initials, e.g. RZTJ) or part of the name, then Enter, chooses.
            showSearch={{ filterOption: (input, option) => matchesPackage(input, option) }}
            placeholder="选择套餐"
            disabled={packageFixed}
            title={packageFixed ? '团检分组的套餐' : undefined}
            loading={packages.isPending}
            value={selection.pkg?.id ?? null}
            options={(packages.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.package_name} ¥${p.price}`,
              code: p.package_code,
            }))}
            onChange={(id: number | null) => void pickPackage(packages.data?.find((p) => p.id === id) ?? null)}
          />
        )}
        {!packageLocked &&
          selection.pkg?.option_groups.map((group) => (
            <Select
              key={group.id}
              aria-label={`可选组：${group.group_name}`}
              style={{ width: 200 }}
              placeholder={`可选组：${group.group_name}（选一项）`}
              status={selection.options?.[group.id] === undefined ? 'warning' : undefined}
              value={selection.options?.[group.id] ?? null}
              options={group.unions.map((u) => ({ value: u.id, label: `${u.union_name} ¥${u.price}` }))}
              onChange={(id: number) => selection.chooseOption(group.id, id)}
            />
          ))}
        <Select
          aria-label="加项"
          style={{ width: 300 }}
          showSearch={{ filterOption: false, onSearch: setKey }}
          placeholder="输入名称或拼音首字母加项"
          value={null}
          loading={unions.isFetching}
          notFoundContent="无匹配的组合项目"
          options={(unions.data ?? []).map((u) => ({
            value: u.id,
            label: `${u.union_name}（${u.dept_name}）¥${u.price}`,
          }))}
          onChange={(id: number) => {
            const union = unions.data?.find((u) => u.id === id);
            if (union) warnIfRefused(selection.addUnion(union, sex));
          }}
        />
        <Button onClick={() => setBatchOpen(true)} disabled={rows.length === 0}>
          {discount.rate !== undefined ? `整单折扣 ${discount.rate}%` : '整单折扣'}
        </Button>
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '请选择套餐或加项' }}
        // The desk's card is narrow: where it still is too narrow the table scrolls, names stay whole.
        scroll={{ x: 580 }}
        columns={[
          { title: '科室', dataIndex: 'dept_name', width: 80 },
          {
            title: '组合项目',
            dataIndex: 'union_name',
            width: 150,
            render: (v: string, row) => (
              <Space size={4} wrap>
                {v}
                {row.origin === 'extra' && <Tag color="blue">加项</Tag>}
                {row.specimen && <Tag>{specimenName(row.specimen)}</Tag>}
                {row.no_discount && <Tag color="orange">禁止打折</Tag>}
              </Space>
            ),
          },
          { title: '原价', dataIndex: 'list_price', width: 70, align: 'right' },
          {
            title: '优惠价',
            key: 'price',
            width: 70,
            align: 'right',
            render: (_: unknown, row: Row) => (row.price_fen === null ? '-' : fenText(row.price_fen)),
          },
          {
            title: '付费',
            key: 'pay_mode',
            width: 50,
            render: (_: unknown, row: Row) => PAY_MODE_LABELS[payModeOf(row)],
          },
          {
            title: '状态',
            key: 'fee',
            width: 70,
            render: (_: unknown, row: Row) =>
              payModeOf(row) === 'self' ? <Tag color="gold">待收费</Tag> : <Tag>单位结算</Tag>,
          },
          {
            title: '操作',
            key: 'action',
            width: 90,
            render: (_: unknown, row: Row) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    setLineEditing({
                      id: row.id,
                      union_name: row.union_name,
                      base_fen: row.base_fen,
                      no_discount: row.no_discount ?? false,
                    })
                  }
                >
                  改价
                </Button>
                {row.origin === 'extra' && (
                  <Button size="small" type="link" danger onClick={() => selection.removeUnion(row.id)}>
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {priced.ok ? (
        <PriceTotalsLine totals={priced.totals} paidFen={paidFen} />
      ) : (
        <Alert type="warning" showIcon title={priced.msg} />
      )}
      {batchOpen && (
        <BatchDiscountDialog
          discount={selection.discount}
          onApply={selection.setDiscount}
          onClose={() => setBatchOpen(false)}
        />
      )}
      {lineEditing && (
        <LineDiscountDialog
          line={lineEditing}
          current={discount.lines.find((l) => l.union_id === lineEditing.id)}
          onApply={(next) => setLineDiscount(lineEditing.id, next)}
          onClose={() => setLineEditing(null)}
        />
      )}
    </Space>
  );
}
