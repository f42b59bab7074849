import { useState } from 'react';
import { diagnosisItemResource, diagnosisResource, examItemResource } from '@checkup/api-contract';
import { Card, Segmented, Space } from 'antd';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';

type By = 'diag_id' | 'item_id';

const diagSelect = (
  <ResourceSelect
    resource={diagnosisResource}
    labelOf={(d) => `${d.diag_name}（${d.diag_code}）`}
    aria-label="诊断"
    placeholder="输入名称、编码或拼音搜索诊断"
  />
);
const itemSelect = (
  <ResourceSelect
    resource={examItemResource}
    labelOf={(i) => `${i.item_name}（${i.item_code}）`}
    aria-label="基础项目"
    placeholder="输入名称或编码搜索项目"
  />
);

/**
 * 功能字典关联 (exam_cfg/function_dictionary_association_update): the items and sign words a conclusion
 * word comes from, kept for one chosen conclusion word or one chosen item (or all, when none is chosen).
 */
export default function FunctionDictionaryAssociationUpdate() {
  const [by, setBy] = useState<By>('diag_id');
  const [chosen, setChosen] = useState<number | null>(null);
  const scope: Record<string, string> = chosen === null ? {} : { [by]: String(chosen) };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Segmented<By>
            aria-label="关联方式"
            value={by}
            options={[
              { value: 'diag_id', label: '按诊断' },
              { value: 'item_id', label: '按项目' },
            ]}
            onChange={(next) => {
              setBy(next);
              setChosen(null);
            }}
          />
          <div style={{ width: 360 }}>
            {by === 'diag_id' ? (
              <ResourceSelect
                resource={diagnosisResource}
                labelOf={(d) => `${d.diag_name}（${d.diag_code}）`}
                aria-label="选择诊断"
                placeholder="选择一个诊断，查看并维护它关联的项目"
                value={chosen}
                onChange={(id) => setChosen((id as number | null) ?? null)}
              />
            ) : (
              <ResourceSelect
                resource={examItemResource}
                labelOf={(i) => `${i.item_name}（${i.item_code}）`}
                aria-label="选择项目"
                placeholder="选择一个项目，查看它关联的诊断"
                value={chosen}
                onChange={(id) => setChosen((id as number | null) ?? null)}
              />
            )}
          </div>
        </Space>
      </Card>
      <ResourceScreen
        resource={diagnosisItemResource}
        title="功能字典关联"
        scope={scope}
        filters={[{ name: 'key', kind: 'search', label: '搜索关联', placeholder: '诊断、项目或体征词' }]}
        columns={[
          { title: '诊断', dataIndex: 'diag_name', width: 180 },
          { title: '诊断编码', dataIndex: 'diag_code', width: 110 },
          { title: '基础项目', dataIndex: 'item_name', width: 180 },
          { title: '项目编码', dataIndex: 'item_code', width: 110 },
          { title: '体征词', dataIndex: 'sign_word', width: 140 },
        ]}
        fields={[
          { name: 'diag_id', label: '诊断', input: diagSelect },
          { name: 'item_id', label: '基础项目', input: itemSelect },
          {
            name: 'sign_word',
            label: '体征词',
            extra: '该诊断来自项目的哪个体征词（如“脂肪肝”）；不填为该项目的任何异常',
          },
        ]}
        blank={chosen === null ? {} : { [by]: chosen }}
      />
    </Space>
  );
}
