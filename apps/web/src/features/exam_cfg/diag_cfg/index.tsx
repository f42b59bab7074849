import { SERIOUS_TYPE_LABELS, SERIOUS_TYPES, departmentResource, diagnosisResource } from '@checkup/api-contract';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { recordPath } from '../shared/record-page/use-record';

const seriousOptions = SERIOUS_TYPES.map((value) => ({ value, label: SERIOUS_TYPE_LABELS[value] }));

/** 诊断字典 (exam_cfg/diag_cfg): conclusion words with their advice and health guidance. */
export default function DiagCfg() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={diagnosisResource}
      title="诊断字典"
      filters={[{ name: 'key', kind: 'search', label: '搜索诊断', placeholder: '名称、编码或拼音简码' }]}
      columns={[
        { title: '诊断编码', dataIndex: 'diag_code', width: 110 },
        { title: '诊断名称', dataIndex: 'diag_name', width: 180 },
        { title: '拼音', dataIndex: 'pinyin', width: 90 },
        { title: '科室', dataIndex: 'dept_name', width: 110 },
        {
          title: '重要程度',
          dataIndex: 'serious_type',
          width: 100,
          render: (t: '0' | '1' | '2') =>
            t === '0' ? SERIOUS_TYPE_LABELS[t] : <Tag color="red">{SERIOUS_TYPE_LABELS[t]}</Tag>,
        },
        { title: '建议', dataIndex: 'advice', width: 260, ellipsis: true },
      ]}
      fields={[
        { name: 'diag_code', label: '诊断编码' },
        { name: 'diag_name', label: '诊断名称' },
        { name: 'pinyin', label: '拼音简码', extra: '名称拼音的首字母，医生可按它检索，例如“血压偏高”为 xypg' },
        {
          name: 'dept_id',
          label: '科室',
          extra: '不选为通用诊断',
          input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
        },
        { name: 'serious_type', label: '重要程度', kind: 'select', options: seriousOptions },
        { name: 'is_contagion', label: '传染病', kind: 'switch', extra: '需上报的传染病（总检时提示）' },
        { name: 'advice', label: '建议', kind: 'textarea' },
        { name: 'life_guidance', label: '健康指导', kind: 'textarea' },
      ]}
      blank={{ serious_type: '0', is_contagion: false }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(recordPath('diag_cfg_detail', row.id))}>
          详情
        </Button>
      )}
    />
  );
}
