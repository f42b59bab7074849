import { GUIDANCE_CATEGORIES, GUIDANCE_CATEGORY_LABELS, healthGuidanceResource } from '@checkup/api-contract';
import { Tag } from 'antd';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

const categoryOptions = GUIDANCE_CATEGORIES.map((value) => ({ value, label: GUIDANCE_CATEGORY_LABELS[value] }));
type Category = (typeof GUIDANCE_CATEGORIES)[number];

/**
 * 健康指导维护 (exam_cfg/health_guidance_maintenance): the guidance library by category (饮食, 运动,
 * 健康知识, 总检指导) that the chief examiner inserts into 总检建议, found by title or keyword.
 */
export default function HealthGuidanceMaintenance() {
  return (
    <ResourceScreen
      resource={healthGuidanceResource}
      title="健康指导维护"
      filters={[
        { name: 'key', kind: 'search', label: '搜索健康指导', placeholder: '标题或关键字' },
        { name: 'category', kind: 'select', label: '分类', options: categoryOptions },
      ]}
      columns={[
        {
          title: '分类',
          dataIndex: 'category',
          width: 100,
          render: (c: Category) => <Tag>{GUIDANCE_CATEGORY_LABELS[c]}</Tag>,
        },
        { title: '标题', dataIndex: 'title', width: 180 },
        { title: '内容', dataIndex: 'content', width: 300, ellipsis: true },
        { title: '关键字', dataIndex: 'keywords', width: 120, ellipsis: true },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={[
        { name: 'category', label: '分类', kind: 'select', options: categoryOptions },
        { name: 'title', label: '标题' },
        { name: 'content', label: '内容', kind: 'textarea' },
        { name: 'keywords', label: '关键字', extra: '多个关键字用逗号分隔，总检时可按关键字查找' },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ category: 'summary', sort: 0 }}
    />
  );
}
