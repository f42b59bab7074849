import { Card, Empty, Space, Tag } from 'antd';
import { diagnosisItemResource, type ResourceRow } from '@checkup/api-contract';
import { Link } from 'react-router';
import { useResourceList } from '../../../lib/resource/resource-api';

/** The items (and sign words) a conclusion word comes from; kept on 功能字典关联. */
export function LinkedItems({ diagId }: { diagId: number }) {
  const links = useResourceList(diagnosisItemResource, { diag_id: String(diagId), page: 1, size: 100 });
  const rows = (links.data?.list ?? []) as unknown as ResourceRow<typeof diagnosisItemResource>[];
  return (
    <Card
      size="small"
      title="关联项目"
      extra={<Link to="/manager/exam_cfg/function_dictionary_association_update">维护关联</Link>}
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未关联项目" />
      ) : (
        <Space wrap>
          {rows.map((link) => (
            <Tag key={link.id}>
              {link.item_name}
              {link.sign_word ? `：${link.sign_word}` : ''}
            </Tag>
          ))}
        </Space>
      )}
    </Card>
  );
}
