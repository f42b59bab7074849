import { diagnosisMergeResource } from '@checkup/api-contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { mergeFields } from '../shared/diagnosis-merge/merge-fields';
import { RecordPage } from '../../../lib/resource/record-page';

/** 诊断关联详情 (exam_cfg/diag_cfg_related_detail?id=…): one merged conclusion word, edited in place. */
export default function DiagCfgRelatedDetail() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={diagnosisMergeResource}
      title={(row) => (row ? `诊断关联详情：${row.merge_name}` : '诊断关联详情')}
      fields={mergeFields}
      extra={<Button onClick={() => void navigate('/manager/exam_cfg/diag_cfg_related')}>返回诊断关联</Button>}
    />
  );
}
