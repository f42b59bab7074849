import { diagnosisMergeResource } from '@checkup/api-contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { mergeFields } from '../shared/diagnosis-merge/merge-fields';
import { recordPath } from '../shared/record-page/use-record';

/**
 * 诊断关联 (exam_cfg/diag_cfg_related): merged conclusion words — when all of a merge's members are
 * found at 总检 they give way to it, with its own 总检建议 and 团检建议.
 */
export default function DiagCfgRelated() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={diagnosisMergeResource}
      title="诊断关联"
      filters={[{ name: 'key', kind: 'search', label: '搜索合并诊断', placeholder: '名称或输入码' }]}
      columns={[
        { title: '合并名称', dataIndex: 'merge_name', width: 160 },
        { title: '输入码', dataIndex: 'input_code', width: 100 },
        {
          title: '合并的诊断',
          dataIndex: 'member_names',
          width: 260,
          render: (names: string[]) => names.join(' + '),
        },
        { title: '总检建议', dataIndex: 'advice', width: 260, ellipsis: true },
      ]}
      fields={mergeFields}
      blank={{ member_ids: [] }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(recordPath('diag_cfg_related_detail', row.id))}>
          详情
        </Button>
      )}
    />
  );
}
