import { useRef, useState } from 'react';
import { App, Button, Input, Modal, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { REVIEW_STEP_RULES, addScannedCode, type BatchPassResult, type ReviewStep } from '@checkup/api-contract';
import { useBatchPass, waitsForStep } from './api';

interface Props {
  step: ReviewStep;
  /** After a batch ran: the worklist refreshes. */
  onPassed: () => void;
}

/**
 * 批量通过 (issue 20) on a level's worklist: scan 体检号s (the scanner ends each with Enter) into a
 * list — a duplicate, a malformed code or one not waiting for this level is refused with a message —
 * then pass them all at this level in one call; each visit's outcome is listed (passed, or refused
 * with the same reason a single pass would give).
 */
export function BatchPass({ step, onPassed }: Props) {
  const { message, modal } = App.useApp();
  const { label } = REVIEW_STEP_RULES[step];
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [scan, setScan] = useState('');
  const [checking, setChecking] = useState(false);
  const [results, setResults] = useState<BatchPassResult[] | null>(null);
  const input = useRef<InputRef>(null);
  const run = useBatchPass();

  const add = async () => {
    if (checking) return;
    const next = addScannedCode(codes, scan);
    if ('error' in next) return void message.warning(next.error);
    const code = next.list.at(-1)!;
    setChecking(true);
    try {
      if (!(await waitsForStep(step, code)))
        return void message.warning(`体检号「${code}」不存在或不在待${label}列表中`);
      setCodes(next.list);
      setScan('');
      setResults(null);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setChecking(false);
      input.current?.focus();
    }
  };

  const passAll = () => {
    if (codes.length === 0) return void message.warning('请先扫描体检号');
    if (run.isPending) return;
    modal.confirm({
      title: `确认批量${label}通过 ${codes.length} 个订单？`,
      content: '每个订单按单个通过的规则审核（结论已保存、项目已完成、不同级不同人），不符合的逐个列出原因。',
      okText: '确认通过',
      cancelText: '取消',
      onOk: () =>
        run.mutateAsync({ step, orderIds: codes }).then(
          ({ results: outcome }) => {
            setResults(outcome);
            setCodes(outcome.filter((r) => !r.passed).map((r) => r.order_id));
            const passed = outcome.filter((r) => r.passed).length;
            void message.info(`批量${label}：通过 ${passed} 个，未通过 ${outcome.length - passed} 个`);
            onPassed();
          },
          (err: Error) => void message.error(err.message),
        ),
    });
  };

  const close = () => {
    setOpen(false);
    setCodes([]);
    setResults(null);
    setScan('');
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>批量通过</Button>
      <Modal
        title={`批量${label}通过`}
        open={open}
        onCancel={close}
        width={720}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={close}>
            关闭
          </Button>,
          <Button key="pass" type="primary" loading={run.isPending} disabled={codes.length === 0} onClick={passAll}>
            全部通过（{codes.length}）
          </Button>,
        ]}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input
            ref={input}
            aria-label="扫描体检号"
            placeholder="扫描或输入体检号，回车加入列表"
            autoFocus
            value={scan}
            disabled={run.isPending}
            onChange={(e) => setScan(e.target.value)}
            onPressEnter={() => void add()}
          />
          {results ? (
            <Table<BatchPassResult>
              size="small"
              rowKey="order_id"
              pagination={false}
              dataSource={results}
              columns={[
                { title: '体检号', dataIndex: 'order_id', width: 170 },
                {
                  title: '结果',
                  dataIndex: 'passed',
                  width: 80,
                  render: (passed: boolean) =>
                    passed ? <Tag color="success">已通过</Tag> : <Tag color="error">未通过</Tag>,
                },
                { title: '原因', dataIndex: 'msg', render: (msg: string | null) => msg ?? '' },
              ]}
            />
          ) : (
            <Table<{ order_id: string }>
              size="small"
              rowKey="order_id"
              pagination={false}
              dataSource={codes.map((order_id) => ({ order_id }))}
              locale={{ emptyText: '尚未扫描' }}
              columns={[
                { title: '体检号', dataIndex: 'order_id' },
                {
                  title: '操作',
                  key: 'remove',
                  width: 80,
                  render: (_: unknown, row) => (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setCodes((list) => list.filter((c) => c !== row.order_id))}
                    >
                      移除
                    </Button>
                  ),
                },
              ]}
            />
          )}
          <Typography.Text type="secondary">
            已扫描 {codes.length} 个{checking ? '，查询中…' : ''}
          </Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
