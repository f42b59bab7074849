import { useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Table, type InputRef } from 'antd';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { CRITICAL_PENDING_MESSAGE, ORDER_STATUS_LABELS } from '@checkup/api-contract';
import { usePaging } from '@checkup/ui';
import { useExecLines } from '../shared/item-exec/api/get-exec-lines';
import { ExecLinesTable } from '../shared/item-exec/exec-lines-table';
import { useRecycled } from './api/get-recycled';
import { useRecycleSheet } from './api/recycle-sheet';

const SER_DIS_MG_PATH = '/manager/exam_mg/ser_dis_mg';
const fullTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * 导检单回收 (exam_mg/guidance_recycle, breadth §9): the exit check. A scan of the 体检号 (or typing it and
 * Enter) takes the sheet back when every line is done, waived, deferred or refused and no critical
 * value waits; otherwise the refusal is shown with the open lines highlighted.
 */
export default function GuidanceRecycle() {
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const [orderId, setOrderId] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const recycle = useRecycleSheet();
  const visit = useExecLines(orderId);
  const { page, pagination } = usePaging();
  const recycled = useRecycled({ ...page });

  const scan = async (value: string) => {
    const id = value.trim();
    if (!id) return;
    setOrderId(id);
    setTyped('');
    try {
      const done = await recycle.mutateAsync(id);
      setOutcome({
        ok: true,
        text: `${id} 导检单已回收（${done.sheet_returned_by_name} ${fullTime(done.sheet_returned_at)}）`,
      });
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    }
    input.current?.focus();
  };

  const data = visit.data;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Card size="small" title="导检单回收">
        <Input.Search
          ref={input}
          autoFocus
          aria-label="体检号"
          placeholder="扫描或输入体检号，回车回收"
          enterButton="回收"
          size="large"
          style={{ maxWidth: 480 }}
          value={typed}
          loading={recycle.isPending}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => void scan(value)}
        />
        {outcome && (
          <Alert
            style={{ marginTop: 8 }}
            showIcon
            type={outcome.ok ? 'success' : 'error'}
            title={outcome.text}
            action={
              !outcome.ok && outcome.text === CRITICAL_PENDING_MESSAGE ? (
                <Button size="small" danger onClick={() => void navigate(SER_DIS_MG_PATH)}>
                  去处理危急值
                </Button>
              ) : undefined
            }
          />
        )}
      </Card>
      {data && (
        <Card size="small" title={`体检者 · ${data.order_id}`}>
          <Descriptions size="small" column={4}>
            <Descriptions.Item label="姓名">{data.cust_name}</Descriptions.Item>
            <Descriptions.Item label="性别/年龄">{`${data.sex === '1' ? '男' : '女'} / ${data.age}`}</Descriptions.Item>
            <Descriptions.Item label="体检日期">{data.exam_date}</Descriptions.Item>
            <Descriptions.Item label="状态">{ORDER_STATUS_LABELS[data.status]}</Descriptions.Item>
            <Descriptions.Item label="回收">
              {data.sheet_returned_at
                ? `${data.sheet_returned_by_name ?? ''} ${fullTime(data.sheet_returned_at)}`
                : '未回收'}
            </Descriptions.Item>
            <Descriptions.Item label="未完成项目">{data.lines.filter((l) => l.open).length}</Descriptions.Item>
            <Descriptions.Item label="未处理危急值">{data.unhandled_critical}</Descriptions.Item>
          </Descriptions>
          <ExecLinesTable orderId={data.order_id} lines={data.lines} highlightOpen readOnly />
        </Card>
      )}
      <Card size="small" title="今日已回收">
        <Table
          size="small"
          rowKey="order_id"
          dataSource={recycled.data?.list ?? []}
          loading={recycled.isFetching}
          pagination={pagination(recycled.data?.total ?? 0)}
          columns={[
            { title: '体检号', dataIndex: 'order_id', width: 160 },
            { title: '姓名', dataIndex: 'cust_name', width: 100 },
            { title: '体检日期', dataIndex: 'exam_date', width: 110 },
            { title: '回收人', dataIndex: 'sheet_returned_by_name', width: 100 },
            { title: '回收时间', dataIndex: 'sheet_returned_at', render: fullTime },
          ]}
        />
      </Card>
    </Space>
  );
}
