import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, List, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BATCH_SKIP_REASONS,
  NORMAL_SUMMARY,
  type BatchSkipReason,
  type RouteOutput,
  type batchNormalSaveRoute,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useDeptWorklist } from '../shared/dept-worklist/api/get-dept-worklist';
import { useMyDepts } from '../shared/dept-worklist/api/get-my-depts';
import { useBatchNormalSave } from './api/batch-normal-save';

type Row = NonNullable<ReturnType<typeof useDeptWorklist>['data']>['list'][number];
type Outcome = RouteOutput<typeof batchNormalSaveRoute>;

/** Issue 19: why the visits were skipped, counted by reason: （未报到 2，已签名 1）. */
function skipCounts(skipped: Outcome['skipped']): string {
  if (skipped.length === 0) return '';
  const counts = new Map<string, number>();
  for (const s of skipped) {
    const label = BATCH_SKIP_REASONS[s.reason_code as BatchSkipReason] ?? s.reason;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return `（${[...counts].map(([label, n]) => `${label} ${n}`).join('，')}）`;
}

/** The most a batch may carry (the contract's limit) and so the page size here. */
const BATCH_SIZE = 200;

/** 批量诊断 (exam_mg/dept_diag_batch): normal results for many waiting visits of one department at once. */
export default function DeptDiagBatch() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const depts = useMyDepts();
  const [deptId, setDeptId] = useState<number | null>(null);
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [selected, setSelected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosenDept = deptId ?? depts.data?.[0]?.exam_dept_id ?? null;
  const waiting = useDeptWorklist(
    chosenDept === null
      ? null
      : { exam_dept_id: chosenDept, exam_date: date.format('YYYY-MM-DD'), dept_status: '0', page: 1, size: BATCH_SIZE },
  );
  const batch = useBatchNormalSave();

  const run = () => {
    if (chosenDept === null || selected.length === 0) {
      void message.warning('请勾选要录入正常结果的受检者');
      return;
    }
    modal.confirm({
      title: '批量录入正常结果',
      content: `将为 ${selected.length} 位受检者录入正常结果，科室小结为「${NORMAL_SUMMARY}」。确定吗？`,
      okText: '确定录入',
      cancelText: '取消',
      // The failure is shown by onError; the dialog closes either way.
      onOk: () =>
        batch
          .mutateAsync(
            { deptId: chosenDept, orderIds: selected },
            {
              onSuccess: (result) => {
                setOutcome(result);
                setSelected([]);
                void message.success(
                  `已为 ${result.saved.length} 位受检者保存 ${result.result_count} 项正常结果，跳过 ${result.skipped.length} 位${skipCounts(result.skipped)}`,
                );
                void queryClient.invalidateQueries({ queryKey: ['dept_diag', 'worklist'] });
              },
              onError: (err) => void message.error(err.message),
            },
          )
          .catch(() => undefined),
    });
  };

  const columns: GenericColumn<Row>[] = [
    { title: '体检号', dataIndex: 'order_id', width: 170 },
    { title: '姓名', dataIndex: 'cust_name', width: 110 },
    { title: '性别', dataIndex: 'sex', width: 60, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '年龄', dataIndex: 'age', width: 60 },
    { title: '体检日期', dataIndex: 'exam_date', width: 110 },
  ];

  return (
    <Card size="small" title="批量诊断">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="科室"
          style={{ width: 160 }}
          value={chosenDept ?? undefined}
          placeholder="选择科室"
          loading={depts.isPending}
          options={(depts.data ?? []).map((d) => ({ value: d.exam_dept_id, label: d.dept_name }))}
          onChange={(value: number) => {
            setDeptId(value);
            setSelected([]);
          }}
        />
        <DatePicker
          aria-label="体检日期"
          allowClear={false}
          value={date}
          onChange={(value) => {
            if (value) setDate(value);
            setSelected([]);
          }}
        />
        <Button type="primary" loading={batch.isPending} disabled={selected.length === 0} onClick={run}>
          批量录入正常（{selected.length}）
        </Button>
        <Button onClick={() => void waiting.refetch()}>刷新</Button>
      </Space>
      {outcome && outcome.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          style={{ marginBottom: 8 }}
          title={`以下 ${outcome.skipped.length} 位受检者未录入`}
          description={
            <List
              size="small"
              dataSource={outcome.skipped}
              renderItem={(s) => (
                <List.Item>
                  {s.order_id} {s.cust_name}：{s.reason}
                </List.Item>
              )}
            />
          }
        />
      )}
      <GenericTable<Row>
        tableKey="dept_diag_batch"
        rowKey="order_id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={waiting.data?.list ?? []}
        loading={waiting.isFetching}
        pagination={false}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
      />
    </Card>
  );
}
