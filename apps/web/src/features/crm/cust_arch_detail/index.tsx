import { Button, Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { customerArchiveResource, customerVisitsRoute, type CustomerVisit } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';

const SEX = { '1': '男', '2': '女' } as const;

/** 客户档案详情 (crm/cust_arch_detail?id=…): the person's data and every visit under the archive. */
export default function CustArchDetail() {
  const navigate = useNavigate();
  const id = useRecordId();
  const record = useRecord(customerArchiveResource, id);
  const visits = useQuery({
    queryKey: ['resource', customerArchiveResource.spec.name, 'visits', id],
    queryFn: () => api.call(customerVisitsRoute, { id: id! }),
    enabled: id !== null,
  });
  const back = <Button onClick={() => void navigate('/manager/crm/cust_arch')}>返回客户档案</Button>;
  if (id === null) return <Empty description="未指定客户档案" />;
  const row = record.data;
  return (
    <>
      <Card
        size="small"
        title={row ? `客户档案：${row.cust_name}` : '客户档案'}
        extra={back}
        loading={record.isLoading}
      >
        {record.error && <Empty description={record.error.message} />}
        {row && (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="档案号">{row.id}</Descriptions.Item>
            <Descriptions.Item label="姓名">{row.cust_name}</Descriptions.Item>
            <Descriptions.Item label="性别">{SEX[row.sex]}</Descriptions.Item>
            <Descriptions.Item label="出生日期">{row.birthday}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{row.id_card ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="电话">{row.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="民族">{row.nation ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="地址">{row.address ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="体检次数">{row.visit_count}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card size="small" title="体检记录" style={{ marginTop: 12 }}>
        <Table<CustomerVisit>
          size="small"
          rowKey="order_id"
          loading={visits.isLoading}
          dataSource={visits.data ?? []}
          pagination={false}
          locale={{ emptyText: visits.error ? visits.error.message : '暂无体检记录' }}
          columns={[
            { title: '体检号', dataIndex: 'order_id', width: 150 },
            { title: '体检日期', dataIndex: 'exam_date', width: 110 },
            { title: '套餐', dataIndex: 'package_name', width: 180, render: (v: string | null) => v ?? '—' },
            { title: '状态', dataIndex: 'status_label', width: 100, render: (v: string) => <Tag>{v}</Tag> },
            { title: '单位', dataIndex: 'company_name', width: 180, render: (v: string | null) => v ?? '个人' },
            { title: '分组', dataIndex: 'group_name', width: 140, render: (v: string | null) => v ?? '' },
          ]}
        />
      </Card>
    </>
  );
}
