import { HARM_CATEGORIES, HARM_CATEGORY_LABELS, harmFactorResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

type Category = (typeof HARM_CATEGORIES)[number];
const categoryOptions = HARM_CATEGORIES.map((value) => ({ value, label: HARM_CATEGORY_LABELS[value] }));

/**
 * 危害因素 (exam_cfg/harm_factors, breadth §6.13): the occupational hazards of GBZ 188 an occupational
 * exam is ordered for, with their category and effect on health.
 */
export default function HarmFactors() {
  return (
    <ResourceScreen
      resource={harmFactorResource}
      title="危害因素"
      filters={[
        { name: 'key', kind: 'search', label: '搜索危害因素', placeholder: '名称、代码或CAS号' },
        { name: 'category', kind: 'select', label: '类别', options: categoryOptions },
      ]}
      columns={[
        { title: '因素代码', dataIndex: 'factor_code', width: 100 },
        { title: '因素名称', dataIndex: 'factor_name', width: 180 },
        { title: '类别', dataIndex: 'category', width: 90, render: (c: Category) => HARM_CATEGORY_LABELS[c] },
        { title: '对健康的影响', dataIndex: 'health_effect', width: 280, ellipsis: true },
        { title: 'CAS号', dataIndex: 'cas_no', width: 110 },
      ]}
      fields={[
        { name: 'factor_code', label: '因素代码' },
        { name: 'factor_name', label: '因素名称', placeholder: '例如 苯' },
        { name: 'category', label: '类别', kind: 'select', options: categoryOptions },
        { name: 'health_effect', label: '对健康的影响', kind: 'textarea' },
        { name: 'cas_no', label: 'CAS号', placeholder: '例如 71-43-2', extra: '化学因素填写，其他可留空' },
        { name: 'remark', label: '备注' },
      ]}
      blank={{ category: 'chemical' }}
    />
  );
}
