import { APPLY_TARGET_LABELS, APPLY_TARGETS, applicationTypeResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

type Target = (typeof APPLY_TARGETS)[number];
const targetOptions = APPLY_TARGETS.map((value) => ({ value, label: APPLY_TARGET_LABELS[value] }));

/** 申请类型 (exam_cfg/application_type, breadth §6.15): the request categories sent to LIS or PACS. */
export default function ApplicationType() {
  return (
    <ResourceScreen
      resource={applicationTypeResource}
      title="申请类型"
      filters={[
        { name: 'key', kind: 'search', label: '搜索申请类型', placeholder: '名称或编码' },
        { name: 'send_target', kind: 'select', label: '发送目标', options: targetOptions },
      ]}
      columns={[
        { title: '申请类型名称', dataIndex: 'type_name', width: 160 },
        { title: '编码', dataIndex: 'type_code', width: 100 },
        { title: '发送目标', dataIndex: 'send_target', width: 90, render: (t: Target) => APPLY_TARGET_LABELS[t] },
        { title: '条码打印分类', dataIndex: 'barcode_class', width: 130 },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={[
        { name: 'type_name', label: '申请类型名称', placeholder: '例如 检验申请单' },
        { name: 'type_code', label: '申请类型编码' },
        { name: 'send_target', label: '发送目标', kind: 'select', options: targetOptions },
        { name: 'barcode_class', label: '条码打印分类', extra: '同一分类的标本打印在一起' },
        { name: 'sort', label: '排序', kind: 'number' },
        { name: 'remark', label: '备注' },
      ]}
      blank={{ send_target: 'lis', sort: 0 }}
    />
  );
}
