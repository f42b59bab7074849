import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { GENDER_LIMIT_LABELS, GENDER_LIMITS, questionnaireResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { questionnaireDetailPath } from '../shared/questionnaire/paths';

const genderOptions = GENDER_LIMITS.map((value) => ({ value, label: GENDER_LIMIT_LABELS[value] }));
const ageRange = (min: number | null, max: number | null) =>
  min === null && max === null ? '不限' : `${min ?? 0}～${max ?? ''}岁`;

/** 问卷配置 (exam_cfg/questionnaire_cfg): questionnaires for a sex and an age range; 题目 opens their questions. */
export default function QuestionnaireCfg() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={questionnaireResource}
      title="问卷配置"
      filters={[
        { name: 'key', kind: 'search', label: '搜索问卷', placeholder: '问卷名称' },
        { name: 'gender_limit', kind: 'select', label: '适用性别', options: genderOptions },
      ]}
      columns={[
        { title: '问卷名称', dataIndex: 'qn_name', width: 200 },
        {
          title: '适用性别',
          dataIndex: 'gender_limit',
          width: 90,
          render: (g: '0' | '1' | '2') => GENDER_LIMIT_LABELS[g],
        },
        { title: '适用年龄', key: 'age', width: 110, render: (_v, row) => ageRange(row.age_min, row.age_max) },
        { title: '题目数', dataIndex: 'question_count', width: 80 },
        { title: '说明', dataIndex: 'description', width: 240, ellipsis: true },
      ]}
      fields={[
        { name: 'qn_name', label: '问卷名称' },
        { name: 'gender_limit', label: '适用性别', kind: 'select', options: genderOptions },
        { name: 'age_min', label: '最小年龄', kind: 'number', extra: '不填为不限' },
        { name: 'age_max', label: '最大年龄', kind: 'number', extra: '不填为不限' },
        { name: 'description', label: '说明', kind: 'textarea' },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ gender_limit: '0', sort: 0 }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(questionnaireDetailPath(row.id))}>
          题目
        </Button>
      )}
    />
  );
}
