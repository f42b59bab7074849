import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import type { CashierDayEndRow } from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useCashierDayEnds, useCashierPreview, useCloseCashierDayEnd } from '../api/day-end';
import { cashierColumns, PAGE_SIZE, useRowActions } from './columns';
import { TotalsView } from './totals-view';

/** 收费员日结: the caller's open lines totalled, 日结 (with a confirm), and their day-ends. */
export function CashierTab({ seesAll, open }: { seesAll: boolean; open: (id: number) => void }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const preview = useCashierPreview();
  const history = useCashierDayEnds({ page, size: PAGE_SIZE });
  const close = useCloseCashierDayEnd();
  const actions = useRowActions(open);

  const onClose = () =>
    modal.confirm({
      title: '收费员日结',
      content: `确定对本人${preview.data?.line_count ?? 0}笔未日结的收费记录和发票做日结吗？日结后的记录不可再修改。`,
      okText: '日结',
      cancelText: '取消',
      onOk: async () => {
        try {
          const done = await close.mutateAsync(undefined);
          void message.success(`日结完成，日结号${done.day_end_no}`);
          open(done.id);
        } catch (err) {
          void message.error((err as Error).message);
        }
      },
    });

  return (
    <>
      <Card
        size="small"
        title="本人未日结"
        extra={
          <Space>
            <Button onClick={() => void preview.refetch()}>刷新</Button>
            <Button type="primary" loading={close.isPending} onClick={onClose}>
              日结
            </Button>
          </Space>
        }
        loading={preview.isLoading}
      >
        {preview.data && <TotalsView totals={preview.data} />}
      </Card>
      <Card size="small" title={seesAll ? '收费员日结记录' : '我的日结记录'} style={{ marginTop: 12 }}>
        <GenericTable<CashierDayEndRow>
          tableKey="day_end_cashier"
          rowKey="id"
          size="small"
          virtual={false}
          dataSource={history.data?.list ?? []}
          loading={history.isFetching}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage }}
          columns={[...cashierColumns(seesAll), actions]}
        />
      </Card>
    </>
  );
}
