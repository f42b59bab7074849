import { Alert, Button, Descriptions, Space } from 'antd';
import { useNavigate } from 'react-router';
import { cardBatchResource } from '@checkup/api-contract';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';
import { CardList } from '../shared/exam-card/card-list';

/** 卡批次明细 (crm/card_batch_detail?id=…): a batch's range and the cards it made, with their actions. */
export default function CardBatchDetail() {
  const navigate = useNavigate();
  const id = useRecordId();
  const batch = useRecord(cardBatchResource, id).data;
  if (id === null) return <Alert type="warning" showIcon title="请从制卡批次列表打开一个批次" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => void navigate('/manager/crm/exam_card_mg')}>返回体检卡管理</Button>
      {batch && (
        <Descriptions size="small" bordered column={4}>
          <Descriptions.Item label="卡类型">{batch.type_name}</Descriptions.Item>
          <Descriptions.Item label="卡号">{`${batch.start_no}～${batch.end_no}`}</Descriptions.Item>
          <Descriptions.Item label="数量">{batch.card_count}</Descriptions.Item>
          <Descriptions.Item label="面值">¥{batch.face_value}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{batch.valid_until}</Descriptions.Item>
          <Descriptions.Item label="领取人">{batch.receiver ?? ''}</Descriptions.Item>
          <Descriptions.Item label="制卡人">{batch.created_by_name ?? ''}</Descriptions.Item>
          <Descriptions.Item label="备注">{batch.remark ?? ''}</Descriptions.Item>
        </Descriptions>
      )}
      <CardList batchId={id} title={`批次 ${id} 的体检卡`} />
    </Space>
  );
}
