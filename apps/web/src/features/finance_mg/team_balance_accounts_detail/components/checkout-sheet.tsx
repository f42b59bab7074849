import { useState } from 'react';
import { App, Button, Card, Space, Statistic, Tag } from 'antd';
import {
  SETTLE_ACCESS,
  banAbsentRoute,
  checkoutSheetExportRoute,
  mayUse,
  type RouteOutput,
  type checkoutSheetRoute,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { api } from '../../../../lib/api';
import { saveBlob } from '../../../../lib/resource/resource-api';
import { useUserInfo } from '../../../session/api/get-user-info';
import { ReasonDialog } from '../../shared/reason-dialog';
import { useCheckoutSheet, useSettleWrite } from '../../shared/settlement/settle-api';

type Person = RouteOutput<typeof checkoutSheetRoute>['people'][number];
const STATE_COLORS: Record<Person['state'], string> = {
  未登记: 'default',
  已登记: 'processing',
  已完成: 'success',
  禁检: 'error',
};

/** 体检结账单 (§3.6 inspect_accounts): who came and who did not, 未检禁检, and the .xlsx export. */
export function CheckoutSheet({ groupOrderId, orderNo }: { groupOrderId: number; orderNo: string }) {
  const { message } = App.useApp();
  const may = mayUse(SETTLE_ACCESS, useUserInfo().data?.role_menu ?? []);
  const sheet = useCheckoutSheet(groupOrderId);
  const ban = useSettleWrite(banAbsentRoute);
  const [banning, setBanning] = useState(false);
  const summary = sheet.data?.summary;

  const onBan = async (reason: string) => {
    try {
      const { banned } = await ban.mutateAsync({ group_order_id: groupOrderId, reason });
      void message.success(`已禁检${banned}名未登记人员`);
      setBanning(false);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const onExport = async () => {
    try {
      saveBlob(
        await api.download(checkoutSheetExportRoute, { group_order_id: groupOrderId }),
        `体检结账单-${orderNo}.xlsx`,
      );
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Card
      size="small"
      title="体检结账单"
      extra={
        <Space>
          {may && (
            <Button danger onClick={() => setBanning(true)}>
              未检禁检
            </Button>
          )}
          <Button onClick={() => void onExport()}>导出</Button>
        </Space>
      }
    >
      {summary && (
        <Space size={32} style={{ marginBottom: 8 }}>
          <Statistic title="名单人数" value={summary.total} />
          <Statistic title="已登记" value={summary.registered} />
          <Statistic title="总检完成" value={summary.finished} />
          <Statistic title="未登记" value={summary.not_registered} />
          <Statistic title="禁检" value={summary.banned} />
        </Space>
      )}
      <GenericTable<Person>
        tableKey="team-settle-sheet"
        rowKey="person_id"
        size="small"
        virtual={false}
        pagination={{ pageSize: 50 }}
        loading={sheet.isFetching}
        dataSource={sheet.data?.people ?? []}
        columns={[
          { title: '姓名', dataIndex: 'cust_name', width: 80 },
          { title: '分组', dataIndex: 'group_name', width: 120, render: (v: string | null) => v ?? '' },
          { title: '体检号', dataIndex: 'order_id', width: 150, render: (v: string | null) => v ?? '' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 80,
            render: (s: Person['state']) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
          },
          { title: '体检进度', dataIndex: 'status_label', width: 100, render: (v: string | null) => v ?? '' },
          { title: '统收金额', dataIndex: 'company_total', width: 100, align: 'right' },
          { title: '结算单', dataIndex: 'settled_in', width: 150, render: (v: string | null) => v ?? '' },
        ]}
      />
      <ReasonDialog
        title="未检禁检"
        open={banning}
        pending={ban.isPending}
        onConfirm={(reason) => void onBan(reason)}
        onClose={() => setBanning(false)}
      />
    </Card>
  );
}
