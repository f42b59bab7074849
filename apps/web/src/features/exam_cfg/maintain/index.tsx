import { useState } from 'react';
import { Tabs } from 'antd';
import { CODE_CATEGORIES, CODE_CATEGORY_LABELS, codeTableResource, type CodeCategory } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

/**
 * 系统维护 (exam_cfg/maintain, breadth §6.15): the small code tables — 收费项目分类, 检查项目类型,
 * 收费方式, 业务类型 — one tab each; a new code goes into the tab's table.
 */
export default function Maintain() {
  const [category, setCategory] = useState<CodeCategory>(CODE_CATEGORIES[0]);
  const label = CODE_CATEGORY_LABELS[category];
  return (
    <>
      <Tabs
        activeKey={category}
        onChange={(key) => setCategory(key as CodeCategory)}
        items={CODE_CATEGORIES.map((key) => ({ key, label: CODE_CATEGORY_LABELS[key] }))}
      />
      <ResourceScreen
        // A tab of its own: paging and search start afresh in each table.
        key={category}
        resource={codeTableResource}
        title={label}
        scope={{ category }}
        filters={[{ name: 'key', kind: 'search', label: `搜索${label}`, placeholder: '名称或代码' }]}
        columns={[
          { title: '代码', dataIndex: 'code', width: 120 },
          { title: '名称', dataIndex: 'name', width: 180 },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '备注', dataIndex: 'remark', width: 200 },
        ]}
        fields={[
          { name: 'category', label: '分类', kind: 'select', readOnly: true, options: [{ value: category, label }] },
          { name: 'code', label: '代码' },
          { name: 'name', label: '名称' },
          { name: 'sort', label: '排序', kind: 'number' },
          { name: 'remark', label: '备注' },
        ]}
        blank={{ category, sort: 0 }}
      />
    </>
  );
}
