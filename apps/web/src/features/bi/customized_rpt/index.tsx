import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { CUSTOM_REPORT_MANAGE, CUSTOM_REPORT_VIEWS, mayUse, type CustomReportRow } from '@checkup/api-contract';
import { useUserInfo } from '../../session/api/get-user-info';
import { useCustomReports, useCustomReportWrites } from './api/custom-reports';
import { ReportEditor } from './components/report-editor';
import { RunDrawer } from './components/run-drawer';

/**
 * 自定义报表 (bi/customized_rpt, breadth §4.8): the saved definitions the user may run; with
 * 管理自定义报表 also new, edit, enable/disable and delete.
 */
export default function CustomizedRpt() {
  const { message } = App.useApp();
  const manager = mayUse(CUSTOM_REPORT_MANAGE, useUserInfo().data?.role_menu ?? []);
  const reports = useCustomReports();
  const { remove, enable } = useCustomReportWrites();
  const [editing, setEditing] = useState<CustomReportRow | 'new' | null>(null);
  const [running, setRunning] = useState<CustomReportRow | null>(null);
  const failed = (error: Error) => void message.error(error.message);

  const columns: ColumnsType<CustomReportRow> = [
    { key: 'name', dataIndex: 'name', title: '报表名称' },
    { key: 'view', title: '数据视图', render: (_, r) => CUSTOM_REPORT_VIEWS[r.view].title },
    { key: 'description', dataIndex: 'description', title: '说明', render: (v: string | null) => v ?? '' },
    {
      key: 'enabled',
      title: '状态',
      render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { key: 'created_by_name', dataIndex: 'created_by_name', title: '创建人' },
    {
      key: 'actions',
      title: '操作',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setRunning(r)}>
            运行
          </Button>
          {manager && (
            <>
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => enable.mutate({ id: r.id, enabled: !r.enabled }, { onError: failed })}
              >
                {r.enabled ? '停用' : '启用'}
              </Button>
              <Popconfirm title={`确定删除「${r.name}」？`} onConfirm={() => remove.mutateAsync(r.id).catch(failed)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="自定义报表"
      extra={
        manager && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            新建报表
          </Button>
        )
      }
    >
      <Table
        rowKey="id"
        size="small"
        loading={reports.isLoading}
        columns={columns}
        dataSource={reports.data ?? []}
        pagination={false}
      />
      {editing && <ReportEditor editing={editing} onClose={() => setEditing(null)} />}
      {running && <RunDrawer report={running} onClose={() => setRunning(null)} />}
    </Card>
  );
}
