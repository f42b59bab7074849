import { Collapse, Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { ABNORMAL_ARROWS, type AbnormalFlag, type ReviewDept } from '@checkup/api-contract';

type ItemRow = ReviewDept['unions'][number]['items'][number] & { union_name: string; union_status: string };

const UNION_STATUS: Record<string, string> = { '2': '弃检', '3': '延期' };

const resultText = (row: ItemRow) => {
  if (UNION_STATUS[row.union_status]) return <Tag>{UNION_STATUS[row.union_status]}</Tag>;
  if (row.result_value === null) return <Typography.Text type="secondary">未录入</Typography.Text>;
  const arrow = ABNORMAL_ARROWS[row.abnormal_flag as AbnormalFlag] ?? '';
  const abnormal = row.abnormal_flag !== '' || row.critical_flag === '1';
  return (
    <Typography.Text type={abnormal ? 'danger' : undefined} strong={row.critical_flag === '1'}>
      {row.result_value}
      {arrow && ` ${arrow}`}
    </Typography.Text>
  );
};

const columns = [
  { title: '组合项目', dataIndex: 'union_name', width: 140 },
  { title: '项目', dataIndex: 'item_name', width: 140 },
  { title: '结果', key: 'result', width: 140, render: (_: unknown, row: ItemRow) => resultText(row) },
  { title: '单位', dataIndex: 'unit', width: 80 },
  { title: '参考范围', dataIndex: 'ref_range', width: 120 },
];

function DeptBody({ dept }: { dept: ReviewDept }) {
  const rows: ItemRow[] = dept.unions.flatMap((u) =>
    u.items.length
      ? u.items.map((i) => ({ ...i, union_name: u.union_name, union_status: u.status }))
      : [
          {
            item_id: -u.union_id,
            item_name: '-',
            result_value: null,
            unit: null,
            ref_range: '',
            abnormal_flag: '',
            critical_flag: '0',
            union_name: u.union_name,
            union_status: u.status,
          },
        ],
  );
  return (
    <>
      {rows.length > 0 && (
        <Table<ItemRow> size="small" rowKey="item_id" pagination={false} columns={columns} dataSource={rows} />
      )}
      <div style={{ marginTop: 6 }}>
        <b>小结：</b>
        {dept.summary.length ? dept.summary.join('；') : '无'}
      </div>
      <div>
        <b>诊断：</b>
        {dept.diag_list.length
          ? dept.diag_list.map((d, i) => (
              <div key={`${d.diag_name}-${i}`}>
                {i + 1}. {d.diag_name}
                {d.advice && <Typography.Text type="secondary">（建议：{d.advice}）</Typography.Text>}
              </div>
            ))
          : '无'}
      </div>
    </>
  );
}

/** Every department's results, summary and diagnoses, read-only, with its sign state (rev_apr_detail). */
export function DeptResults({ depts }: { depts: ReviewDept[] }) {
  if (depts.length === 0) return <Empty description="该订单没有科室检查" />;
  return (
    <Collapse
      size="small"
      defaultActiveKey={depts.map((d) => String(d.dept_id))}
      items={depts.map((dept) => ({
        key: String(dept.dept_id),
        label: (
          <span>
            {dept.dept_name}{' '}
            {dept.dept_status === '2' ? (
              <Tag color="success">
                已签名 {dept.sign_user_name ?? ''} {dept.signed_at ? dayjs(dept.signed_at).format('MM-DD HH:mm') : ''}
              </Tag>
            ) : (
              <Tag color="warning">未签名</Tag>
            )}
            {dept.dept_exception_flag === '1' && <Tag color="error">科室异常</Tag>}
          </span>
        ),
        children: <DeptBody dept={dept} />,
      }))}
    />
  );
}
