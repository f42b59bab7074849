import { useState } from 'react';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import {
  formatAmount,
  PAY_MODE_LABELS,
  specimenName,
  type PayMode,
  type SelectionCheck,
  type SexCode,
} from '@checkup/api-contract';
import { usePackageList } from './api/get-package-list';
import { useUnionList } from './api/get-union-list';
import type { ChosenUnion, useOrderSelection } from './use-order-selection';

type Selection = ReturnType<typeof useOrderSelection>;

interface Row extends ChosenUnion {
  origin: 'package' | 'extra';
  specimen?: string | null;
}

/** Package and union pickers with the chosen unions and the total (spec §5 refusals shown as warnings). */
export function UnionChoice({
  selection,
  sex,
  packageLocked = false,
  packageFixed = false,
  packagePayMode = 'self',
}: {
  selection: Selection;
  sex: SexCode | undefined;
  /** The detail screen edits extras only: the package stays as registered. */
  packageLocked?: boolean;
  /** A company group's package: shown, not changed. */
  packageFixed?: boolean;
  /** Who pays for the package's lines (a group says it); extras are always the examinee's (自费). */
  packagePayMode?: PayMode;
}) {
  const { message } = App.useApp();
  const [key, setKey] = useState('');
  const packages = usePackageList(sex);
  const unions = useUnionList(key, sex);

  const warnIfRefused = (check: SelectionCheck) => {
    if (!check.ok) void message.warning(check.msg);
  };

  const rows: Row[] = [
    ...(selection.pkg?.unions ?? []).map((u) => ({ ...u, origin: 'package' as const })),
    ...selection.extras.map((u) => ({ ...u, origin: 'extra' as const })),
  ];

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        {!packageLocked && (
          <Select
            aria-label="套餐"
            style={{ width: 260 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择套餐"
            disabled={packageFixed}
            title={packageFixed ? '团检分组的套餐' : undefined}
            loading={packages.isPending}
            value={selection.pkg?.id ?? null}
            options={(packages.data ?? []).map((p) => ({ value: p.id, label: `${p.package_name} ¥${p.price}` }))}
            onChange={(id: number | null) =>
              warnIfRefused(selection.choosePackage(packages.data?.find((p) => p.id === id) ?? null, sex))
            }
          />
        )}
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
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '请选择套餐或加项' }}
        columns={[
          { title: '科室', dataIndex: 'dept_name', width: 110 },
          { title: '组合项目', dataIndex: 'union_name' },
          {
            title: '来源',
            dataIndex: 'origin',
            width: 70,
            render: (v: Row['origin']) => (v === 'package' ? <Tag>套餐</Tag> : <Tag color="blue">加项</Tag>),
          },
          {
            title: '付费',
            key: 'pay_mode',
            width: 60,
            render: (_: unknown, row: Row) => PAY_MODE_LABELS[row.origin === 'package' ? packagePayMode : 'self'],
          },
          { title: '标本', dataIndex: 'specimen', width: 70, render: (v: string | null) => specimenName(v ?? null) },
          { title: '单价', dataIndex: 'price', width: 90, align: 'right', render: (v: string) => formatAmount(v) },
          {
            title: '操作',
            key: 'action',
            width: 70,
            render: (_: unknown, row: Row) =>
              row.origin === 'extra' ? (
                <Button size="small" type="link" danger onClick={() => selection.removeUnion(row.id)}>
                  删除
                </Button>
              ) : null,
          },
        ]}
      />
      <Typography.Text strong>
        合计金额：<span data-testid="order-total">¥{selection.total}</span>
        {selection.pkg && (
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            （套餐 ¥{selection.pkg.price} + 加项 ¥{formatAmount(Number(selection.total) - Number(selection.pkg.price))}
            ）
          </Typography.Text>
        )}
      </Typography.Text>
    </Space>
  );
}
