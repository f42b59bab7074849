import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { ORDER_STATUS_LABELS } from '@checkup/api-contract';
import { GenericTable, usePaging, type GenericColumn } from '@checkup/ui';
import { onRefreshFlag } from '../../../lib/refresh-flag';
import { usePersonGuard } from '../../session/confidential-guard';
import { deptWorklistQueryOptions, useDeptWorklist } from '../shared/dept-worklist/api/get-dept-worklist';
import { useMyDepts } from '../shared/dept-worklist/api/get-my-depts';
import { DEPT_STATUS_COLORS, DEPT_STATUS_LABELS, deptDiagDetailPath } from '../shared/dept-worklist/dept-status';

type Row = NonNullable<ReturnType<typeof useDeptWorklist>['data']>['list'][number];

const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  ...Object.entries(DEPT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** 科室诊断 (exam_mg/dept_diag): the day's visits of the doctor's departments. */
export default function DeptDiag() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const mayView = usePersonGuard();
  const queryClient = useQueryClient();
  const depts = useMyDepts();
  const [deptId, setDeptId] = useState<number | null>(null);
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [status, setStatus] = useState('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const { page, firstPage, pagination } = usePaging();

  const chosenDept = deptId ?? depts.data?.[0]?.exam_dept_id ?? null;
  const filter = useMemo(
    () =>
      chosenDept === null
        ? null
        : {
            exam_dept_id: chosenDept,
            exam_date: date.format('YYYY-MM-DD'),
            dept_status: (status || undefined) as '0' | '1' | '2' | undefined,
            keyword: keyword || undefined,
            ...page,
          },
    [chosenDept, date, status, keyword, page],
  );
  const worklist = useDeptWorklist(filter);
  const { refetch } = worklist;

  useEffect(() => onRefreshFlag(() => void refetch()), [refetch]);

  const open = (row: Row) => {
    if (chosenDept === null || !mayView(row)) return;
    navigate(deptDiagDetailPath(row.order_id, chosenDept));
  };

  // A scanned (or typed) order id + Enter opens the visit when the search finds exactly it.
  const search = async (value: string) => {
    const text = value.trim();
    const first = { ...page, page: 1 };
    setKeyword(text);
    firstPage();
    if (!text || !filter) return;
    try {
      const found = await queryClient.fetchQuery(deptWorklistQueryOptions({ ...filter, ...first, keyword: text }));
      if (found.list.length === 1 && found.list[0]!.order_id === text) open(found.list[0]!);
      else if (found.list.length === 0) void message.warning(`未找到体检号或姓名为「${text}」的受检者`);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const columns: GenericColumn<Row>[] = [
    { title: '体检号', dataIndex: 'order_id', width: 170 },
    { title: '姓名', dataIndex: 'cust_name', width: 110 },
    { title: '性别', dataIndex: 'sex', width: 60, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '年龄', dataIndex: 'age', width: 60 },
    { title: '体检日期', dataIndex: 'exam_date', width: 110 },
    {
      title: '科室状态',
      dataIndex: 'dept_status',
      width: 90,
      render: (v: string) => <Tag color={DEPT_STATUS_COLORS[v]}>{DEPT_STATUS_LABELS[v] ?? v}</Tag>,
    },
    {
      title: '订单状态',
      dataIndex: 'order_status',
      width: 100,
      // Issue 19: entry refuses a visit not checked in or banned; the list says so before it is opened.
      render: (v: keyof typeof ORDER_STATUS_LABELS, row: Row) =>
        row.ban_reason !== null ? (
          <Tag color="error" title={row.ban_reason}>
            已禁检
          </Tag>
        ) : v === 'registered' ? (
          <Tag color="warning">未报到</Tag>
        ) : (
          ORDER_STATUS_LABELS[v]
        ),
    },
    {
      title: '异常',
      dataIndex: 'dept_exception_flag',
      width: 70,
      render: (v: string) => (v === '1' ? <Tag color="error">异常</Tag> : ''),
    },
    {
      title: '操作',
      key: 'action',
      width: 80,
      render: (_: unknown, row: Row) => (
        <Button size="small" type="link" onClick={() => open(row)}>
          {row.dept_status === '2' ? '查看' : '录入'}
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="科室诊断">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="科室"
          style={{ width: 160 }}
          loading={depts.isPending}
          value={chosenDept ?? undefined}
          placeholder="选择科室"
          options={(depts.data ?? []).map((d) => ({ value: d.exam_dept_id, label: d.dept_name }))}
          onChange={(value: number) => {
            setDeptId(value);
            firstPage();
          }}
        />
        <DatePicker
          aria-label="体检日期"
          allowClear={false}
          value={date}
          onChange={(value) => {
            if (value) setDate(value);
            firstPage();
          }}
        />
        <Select
          aria-label="科室状态"
          style={{ width: 110 }}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value: string) => {
            setStatus(value);
            firstPage();
          }}
        />
        <Input.Search
          aria-label="体检号或姓名"
          placeholder="扫描或输入体检号/姓名，回车"
          allowClear
          autoFocus
          style={{ width: 260 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => void search(value)}
          enterButton="查询"
        />
        <Button onClick={() => void refetch()}>刷新</Button>
      </Space>
      {depts.data?.length === 0 && <div style={{ marginBottom: 8 }}>当前账号没有分配科室，请联系管理员。</div>}
      <GenericTable<Row>
        tableKey="dept_diag"
        rowKey="order_id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={worklist.data?.list ?? []}
        loading={worklist.isFetching}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        pagination={pagination(worklist.data?.total ?? 0)}
      />
    </Card>
  );
}
