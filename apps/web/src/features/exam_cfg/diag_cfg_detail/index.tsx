import {
  GENDER_LIMIT_LABELS,
  GENDER_LIMITS,
  RULE_JOIN_LABELS,
  RULE_JOINS,
  SERIOUS_TYPE_LABELS,
  SERIOUS_TYPES,
  departmentResource,
  diagnosisDetailResource,
  diagnosisResource,
} from '@checkup/api-contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { SchemaField } from '@checkup/ui';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { RecordPage } from '../../../lib/resource/record-page';
import { LinkedItems } from './linked-items';
import { RuleConditionsInput } from './rule-conditions-input';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const fields: SchemaField[] = [
  { name: 'diag_code', label: '诊断编码' },
  { name: 'diag_name', label: '诊断名称' },
  { name: 'pinyin', label: '拼音简码', extra: '名称拼音的首字母，例如“脂肪肝”为 zfg' },
  {
    name: 'dept_id',
    label: '科室',
    extra: '不选为通用诊断',
    input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
  },
  { name: 'serious_type', label: '重症级', kind: 'select', options: options(SERIOUS_TYPES, SERIOUS_TYPE_LABELS) },
  { name: 'to_summary', label: '进总检', kind: 'switch', extra: '科室小结中的该诊断带入总检' },
  { name: 'is_common', label: '常用', kind: 'switch', extra: '医生选择诊断时排在前面' },
  { name: 'is_contagion', label: '传染病', kind: 'switch' },
  { name: 'gender_limit', label: '性别限制', kind: 'select', options: options(GENDER_LIMITS, GENDER_LIMIT_LABELS) },
  { name: 'advice', label: '总检建议', kind: 'textarea' },
  { name: 'explanation', label: '疾病解释', kind: 'textarea' },
  { name: 'life_guidance', label: '健康建议', kind: 'textarea', extra: '即诊断字典列表中的“健康指导”' },
  { name: 'diet_guidance', label: '饮食指导', kind: 'textarea' },
  { name: 'exercise_guidance', label: '运动指导', kind: 'textarea' },
  { name: 'health_knowledge', label: '健康知识', kind: 'textarea' },
  {
    name: 'rule_conditions',
    label: '判断条件',
    extra: '结果满足这些条件时提示该诊断',
    input: <RuleConditionsInput />,
  },
  { name: 'rule_join', label: '条件关系', kind: 'select', options: options(RULE_JOINS, RULE_JOIN_LABELS) },
  { name: 'rule_gender', label: '规则适用性别', kind: 'select', options: options(GENDER_LIMITS, GENDER_LIMIT_LABELS) },
  { name: 'rule_age_min', label: '适用最小年龄', kind: 'number' },
  { name: 'rule_age_max', label: '适用最大年龄', kind: 'number' },
];

/** The conditions travel as JSON text: a form sends a list as repeated keys, which objects cannot be. */
const fromForm = (values: Record<string, unknown>) => ({
  ...values,
  rule_conditions: JSON.stringify(values.rule_conditions ?? []),
});

/**
 * 诊断字典详情 (exam_cfg/diag_cfg_detail?id=…): one conclusion word in full — flags, the texts of the
 * report, and the rule that suggests it from results — with the items it is linked to.
 */
export default function DiagCfgDetail() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={diagnosisDetailResource}
      title={(row) => (row ? `诊断字典详情：${row.diag_name}` : '诊断字典详情')}
      fields={fields}
      alsoRefresh={[diagnosisResource]}
      fromForm={fromForm}
      extra={<Button onClick={() => void navigate('/manager/exam_cfg/diag_cfg')}>返回诊断字典</Button>}
    >
      {(row) => <LinkedItems diagId={row.id} />}
    </RecordPage>
  );
}
