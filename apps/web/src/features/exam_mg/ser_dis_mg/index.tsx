import { useState } from 'react';
import { App, Badge, Button, Card, Segmented, Select, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  CRITICAL_LEVEL_LABELS,
  CRITICAL_LEVELS,
  CRITICAL_STATUS_LABELS,
  criticalValueDeleteRoute,
  criticalValueHandleRoute,
  criticalValueNotifyRoute,
  mayCall,
  type CriticalLevel,
  type CriticalValueRow,
} from '@checkup/api-contract';
import { DateRangeFilter, GenericTable, SearchBox, usePaging, type GenericColumn } from '@checkup/ui';
import { useUserInfo } from '../../session/api/get-user-info';
import { queueOverviewQueryOptions } from '../shared/queue/api/get-queue-overview';
import { useCriticalValues } from './api/get-critical-values';
import { exportCritical } from './api/export-critical';
import { DeleteModal } from './components/delete-modal';
import { HandleModal } from './components/handle-modal';
import { NotifyModal } from './components/notify-modal';
import { HandleCell, LevelTag, NoticeCell, ReportCell, ValueCell } from './components/stage-cells';

const limits = (r: CriticalValueRow) =>
  [r.critical_low && `< ${Number(r.critical_low)}`, r.critical_high && `> ${Number(r.critical_high)}`]
    .filter(Boolean)
    .join(' 或 ');

type StatusChoice = 'open' | '0' | '1' | '2' | '';
const STATUS_COLORS: Record<CriticalValueRow['status'], string> = { '0': 'error', '1': 'warning', '2': 'success' };

/**
 * 危急值管理 (exam_mg/ser_dis_mg): critical values in their three stages (issue 20) — 提报 by a department,
 * 通知 by the follow-up staff, 处理 by an expert other than the reporter — each a column and a permission.
 */
export default function SerDisMg() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<StatusChoice>('open');
  const [level, setLevel] = useState<CriticalLevel | undefined>();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [deptId, setDeptId] = useState<number | undefined>();
  const [key, setKey] = useState('');
  const [exporting, setExporting] = useState(false);
  const { page, firstPage, pagination } = usePaging();
  const [notifying, setNotifying] = useState<CriticalValueRow | null>(null);
  const [handling, setHandling] = useState<CriticalValueRow | null>(null);
  const [deleting, setDeleting] = useState<CriticalValueRow | null>(null);
  const user = useUserInfo().data;
  const roleMenu = user?.role_menu ?? [];
  const may = {
    notify: mayCall(criticalValueNotifyRoute, roleMenu),
    handle: mayCall(criticalValueHandleRoute, roleMenu),
    remove: mayCall(criticalValueDeleteRoute, roleMenu),
  };
  // The department list of the queue overview: every active department.
  const depts = useQuery(queueOverviewQueryOptions);

  const filter = {
    status,
    level,
    date_from: range?.from,
    date_to: range?.to,
    exam_dept_id: deptId,
    key: key || undefined,
  };
  const list = useCriticalValues({ ...filter, ...page });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      firstPage();
    };

  const download = async () => {
    setExporting(true);
    try {
      await exportCritical(filter);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: GenericColumn<CriticalValueRow>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      width: 76,
      render: (v: CriticalValueRow['status']) => <Tag color={STATUS_COLORS[v]}>{CRITICAL_STATUS_LABELS[v]}</Tag>,
    },
    { title: '危急程度', dataIndex: 'level', width: 76, render: (v: CriticalLevel) => <LevelTag level={v} /> },
    { title: '体检号', dataIndex: 'order_id', width: 150 },
    { title: '姓名', dataIndex: 'cust_name', width: 80 },
    {
      title: '性别/年龄',
      key: 'sex_age',
      width: 80,
      render: (_: unknown, r) => `${r.sex === '1' ? '男' : '女'} / ${r.age}`,
    },
    { title: '科室', dataIndex: 'dept_name', width: 90 },
    { title: '项目', dataIndex: 'item_name', width: 110 },
    { title: '结果', key: 'value', width: 120, render: (_: unknown, r) => <ValueCell row={r} /> },
    { title: '危急界值', key: 'limits', width: 120, render: (_: unknown, r) => limits(r) },
    { title: '提报', key: 'report', width: 190, render: (_: unknown, r) => <ReportCell row={r} /> },
    { title: '通知', key: 'notice', width: 210, render: (_: unknown, r) => <NoticeCell row={r} /> },
    { title: '处理', key: 'handled', width: 220, render: (_: unknown, r) => <HandleCell row={r} /> },
    {
      title: '操作',
      key: 'action',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {may.notify && r.status !== '2' && (
            <Button size="small" type="link" onClick={() => setNotifying(r)}>
              登记通知
            </Button>
          )}
          {/* The reporter does not close their own (the server refuses it too). */}
          {may.handle && r.status === '1' && r.raised_by_id !== user?.id && (
            <Button size="small" type="link" onClick={() => setHandling(r)}>
              专家处理
            </Button>
          )}
          {may.remove && r.status === '0' && (
            <Button size="small" type="link" danger onClick={() => setDeleting(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          危急值管理
          <Badge count={list.data?.unhandled_total ?? 0} overflowCount={999} title="未处理危急值" />
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<StatusChoice>
          aria-label="处理状态"
          value={status}
          onChange={filtered(setStatus)}
          options={[
            { value: 'open', label: '未处理' },
            { value: '0', label: '待通知' },
            { value: '1', label: '待专家处理' },
            { value: '2', label: '已处理' },
            { value: '', label: '全部' },
          ]}
        />
        <Select
          aria-label="危急程度"
          allowClear
          placeholder="全部程度"
          style={{ width: 110 }}
          value={level}
          options={CRITICAL_LEVELS.map((v) => ({ value: v, label: CRITICAL_LEVEL_LABELS[v] }))}
          onChange={filtered(setLevel)}
        />
        <DateRangeFilter label="提报日期" onChange={filtered(setRange)} />
        <Select
          aria-label="科室"
          allowClear
          placeholder="全部科室"
          style={{ width: 140 }}
          value={deptId}
          options={(depts.data?.depts ?? []).map((d) => ({ value: d.exam_dept_id, label: d.dept_name }))}
          onChange={filtered(setDeptId)}
        />
        <SearchBox label="姓名或体检号" placeholder="姓名或体检号，回车" width={220} onSearch={filtered(setKey)} />
        <Button onClick={() => void list.refetch()}>刷新</Button>
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void download()}>
          导出
        </Button>
      </Space>
      <GenericTable<CriticalValueRow>
        tableKey="ser_dis_mg"
        rowKey="id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1900 }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <NotifyModal row={notifying} onClose={() => setNotifying(null)} />
      <HandleModal row={handling} onClose={() => setHandling(null)} />
      <DeleteModal row={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
