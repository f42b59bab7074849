import { SERIOUS_TYPE_LABELS, SERIOUS_TYPES, usItemResource, usSignResource } from '@checkup/api-contract';
import { Tag } from 'antd';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../../lib/resource/resource-select';
import { SignPreview } from './sign-preview';

const seriousOptions = SERIOUS_TYPES.map((value) => ({ value, label: SERIOUS_TYPE_LABELS[value] }));

/**
 * 所见描述 (exam_cfg/ultrasonic_cfg/item_symptom): per ultrasound item, the sign words whose description
 * and conclusion a doctor inserts with one click; the preview shows what a choice of them composes.
 */
export default function UsItemSymptom() {
  return (
    <>
      <SignPreview />
      <ResourceScreen
        resource={usSignResource}
        title="所见描述"
        filters={[{ name: 'key', kind: 'search', label: '搜索所见', placeholder: '体征名称、结论词或项目名称' }]}
        columns={[
          { title: '超声项目', dataIndex: 'item_name', width: 100 },
          { title: '体征名称', dataIndex: 'sign_name', width: 160 },
          {
            title: '阳性',
            dataIndex: 'is_positive',
            width: 90,
            render: (p: boolean) => (p ? <Tag color="orange">阳性</Tag> : '阴性'),
          },
          { title: '描述', dataIndex: 'description', width: 320, ellipsis: true },
          { title: '结论词', dataIndex: 'conclusion', width: 180, ellipsis: true },
          {
            title: '重症级',
            dataIndex: 'serious_type',
            width: 90,
            render: (t: '0' | '1' | '2') =>
              t === '0' ? SERIOUS_TYPE_LABELS[t] : <Tag color="red">{SERIOUS_TYPE_LABELS[t]}</Tag>,
          },
          { title: '默认', dataIndex: 'is_default', width: 60, render: (d: boolean) => (d ? '是' : '') },
        ]}
        fields={[
          {
            name: 'us_item_id',
            label: '超声项目',
            input: (
              <ResourceSelect
                resource={usItemResource}
                labelOf={(i) => `${i.item_name}（${i.input_code}）`}
                aria-label="超声项目"
                placeholder="输入名称或输入码搜索"
              />
            ),
          },
          { name: 'sign_name', label: '体征名称' },
          { name: 'is_positive', label: '是否阳性', kind: 'switch' },
          { name: 'description', label: '描述', kind: 'textarea', extra: '医生点选后插入报告“所见”的文字' },
          { name: 'conclusion', label: '结论词', extra: '阳性体征必填，组合进报告“结论”' },
          { name: 'serious_type', label: '重症级', kind: 'select', options: seriousOptions },
          { name: 'is_default', label: '默认', kind: 'switch', extra: '打开项目时预先选中的正常描述（每个项目一个）' },
          { name: 'sort', label: '排序', kind: 'number' },
        ]}
        blank={{ is_positive: false, is_default: false, serious_type: '0', sort: 0 }}
      />
    </>
  );
}
