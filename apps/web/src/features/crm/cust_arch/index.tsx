import { useState } from 'react';
import { App, Button, Checkbox, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  customerArchiveResource,
  customerMergeRoute,
  mayCall,
  MERGE_PICK_TWO,
  type ResourceRow,
} from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useUserInfo } from '../../session/api/get-user-info';
import { MergeDialog } from './components/merge-dialog';

type Row = ResourceRow<typeof customerArchiveResource>;
const text = (v: string | null) => v ?? '';
const SEX = { '1': '男', '2': '女' } as const;

/**
 * 客户档案 (crm/cust_arch, breadth §2.1): one archive per person, searched by the beginning of the name
 * or exactly by ID number or phone (both shown masked); 详情 shows the visits; two chosen archives are
 * merged into the one the user keeps.
 */
export default function CustArch() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const user = useUserInfo();
  const [chosen, setChosen] = useState<Row[]>([]);
  const [merging, setMerging] = useState(false);
  const mayMerge = mayCall(customerMergeRoute, user.data?.role_menu ?? []);
  const toggle = (row: Row, on: boolean) =>
    setChosen((rows) => (on ? [...rows.filter((r) => r.id !== row.id), row] : rows.filter((r) => r.id !== row.id)));

  const merge = () => {
    if (chosen.length !== 2) {
      void message.warning(MERGE_PICK_TWO);
      return;
    }
    setMerging(true);
  };

  return (
    <>
      <ResourceList
        resource={customerArchiveResource}
        title="客户档案"
        filters={[
          { name: 'name', kind: 'search', label: '姓名', placeholder: '姓名（开头），回车', width: 150 },
          { name: 'id_card', kind: 'search', label: '身份证号', placeholder: '完整身份证号，回车', width: 200 },
          { name: 'phone', kind: 'search', label: '联系电话', placeholder: '完整电话，回车', width: 150 },
          {
            name: 'sex',
            kind: 'select',
            label: '性别',
            options: [
              { value: '1', label: '男' },
              { value: '2', label: '女' },
            ],
          },
          { kind: 'days', label: '体检日期' },
        ]}
        extra={
          mayMerge && (
            <Space>
              <span>已选 {chosen.length} 条</span>
              <Button onClick={merge}>合并</Button>
            </Space>
          )
        }
        columns={[
          { title: '档案号', dataIndex: 'id', width: 80 },
          { title: '姓名', dataIndex: 'cust_name', width: 90 },
          { title: '性别', dataIndex: 'sex', width: 60, render: (s: '1' | '2') => SEX[s] },
          { title: '出生日期', dataIndex: 'birthday', width: 110 },
          { title: '身份证号', dataIndex: 'id_card', width: 180, render: text },
          { title: '电话', dataIndex: 'phone', width: 130, render: text },
          { title: '民族', dataIndex: 'nation', width: 70, render: text },
          { title: '地址', dataIndex: 'address', width: 200, render: text },
          { title: '体检次数', dataIndex: 'visit_count', width: 90, render: (n: number) => <Tag>{n}</Tag> },
          { title: '最近体检', dataIndex: 'last_visit', width: 110, render: text },
        ]}
        actionsWidth={150}
        rowActions={(row) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/manager/crm/cust_arch_detail?id=${row.id}`)}
            >
              详情
            </Button>
            {mayMerge && (
              <Checkbox
                aria-label={`选择档案${row.id}`}
                checked={chosen.some((r) => r.id === row.id)}
                onChange={(e) => toggle(row, e.target.checked)}
              >
                选择
              </Checkbox>
            )}
          </Space>
        )}
      />
      {merging && chosen.length === 2 && (
        <MergeDialog
          pair={[chosen[0]!, chosen[1]!]}
          onClose={(done) => {
            setMerging(false);
            if (done) setChosen([]);
          }}
        />
      )}
    </>
  );
}
