import { Card, Descriptions, Empty, Result, Spin, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import {
  GENDER_LIMIT_LABELS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionResource,
  questionnaireResource,
  type ResourceRow,
} from '@checkup/api-contract';
import { useResourceList } from '../../../lib/resource/resource-api';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { QUESTIONNAIRE_LIST_PATH } from '../shared/questionnaire/paths';
import { OptionsEditor } from './options-editor';

type Question = ResourceRow<typeof questionResource>;
type Questionnaire = ResourceRow<typeof questionnaireResource>;

const typeOptions = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }));

/**
 * 问卷配置详情 (exam_cfg/questionnaire_cfg_detail?id=…): one questionnaire's questions in order, each
 * with its options, their branching (下一题编码) and the unions they recommend.
 */
export default function QuestionnaireCfgDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const head = useResourceList(questionnaireResource, { ids: String(id), page: 1, size: 1 }, valid);
  // The questions an option may branch to: the questionnaire's own.
  const all = useResourceList(questionResource, { questionnaire_id: String(id), page: 1, size: 200 }, valid);
  const questions = (all.data?.list ?? []) as unknown as Question[];

  if (!valid) return <Empty description="缺少问卷编号" />;
  if (head.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const qn = head.data?.list[0] as unknown as Questionnaire | undefined;
  if (!qn)
    return (
      <Result
        status="warning"
        title="该问卷不存在或已被删除"
        extra={<Link to={QUESTIONNAIRE_LIST_PATH}>返回问卷配置</Link>}
      />
    );

  return (
    <>
      <Card size="small" title={`问卷：${qn.qn_name}`} style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="适用性别">{GENDER_LIMIT_LABELS[qn.gender_limit]}</Descriptions.Item>
          <Descriptions.Item label="适用年龄">
            {qn.age_min === null && qn.age_max === null ? '不限' : `${qn.age_min ?? 0}～${qn.age_max ?? ''}岁`}
          </Descriptions.Item>
          <Descriptions.Item label="状态">{qn.enabled ? '启用' : <Tag>停用</Tag>}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ResourceScreen
        resource={questionResource}
        title="问卷题目"
        scope={{ questionnaire_id: String(qn.id) }}
        filters={[{ name: 'key', kind: 'search', label: '搜索题目', placeholder: '题目或编码' }]}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 60 },
          { title: '编码', dataIndex: 'question_code', width: 80 },
          { title: '题目', dataIndex: 'title', width: 260 },
          {
            title: '类型',
            dataIndex: 'question_type',
            width: 70,
            render: (t: Question['question_type']) => QUESTION_TYPE_LABELS[t],
          },
          {
            title: '选项',
            dataIndex: 'options',
            width: 320,
            render: (options: Question['options']) =>
              options
                .map(
                  (o) =>
                    `${o.code}.${o.content}${o.next_code ? `→${o.next_code}` : ''}${o.union_ids.length ? '（推荐加项）' : ''}`,
                )
                .join('；'),
          },
        ]}
        fields={[
          // Shown, not chosen: a question stays in the questionnaire it was opened from (as 系统维护's 分类).
          {
            name: 'questionnaire_id',
            label: '问卷',
            kind: 'select',
            readOnly: true,
            options: [{ value: String(qn.id), label: qn.qn_name }],
          },
          { name: 'question_code', label: '题目编码', extra: '选项的“下一题”用它指向本题，例如 Q1' },
          { name: 'title', label: '题目' },
          { name: 'question_type', label: '类型', kind: 'select', options: typeOptions },
          {
            name: 'options',
            label: '选项',
            input: <OptionsEditor questions={questions.map((q) => ({ code: q.question_code, title: q.title }))} />,
          },
          { name: 'sort', label: '序号', kind: 'number' },
        ]}
        blank={{ questionnaire_id: String(qn.id), question_type: 'single', options: [], sort: questions.length + 1 }}
        toForm={(row) => ({ ...row, questionnaire_id: String(row.questionnaire_id) })}
      />
    </>
  );
}
