import { Select } from 'antd';
import {
  CHANGE_TYPE_LABELS,
  CHANGE_TYPES,
  appVersionResource,
  versionEntryResource,
  type AppVersionRow,
  type VersionEntryRow,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { useResourceList } from '../../../lib/resource/resource-api';

const CHANGE_OPTIONS = CHANGE_TYPES.map((value) => ({ value, label: CHANGE_TYPE_LABELS[value] }));

/** The version a change belongs to, chosen by its 版本号 (as the spreadsheet names it). */
function VersionSelect(props: { value?: string; onChange?(value: string): void }) {
  const versions = useResourceList(appVersionResource, { page: 1, size: 200 });
  const rows = (versions.data?.list ?? []) as unknown as AppVersionRow[];
  return (
    <Select
      aria-label="版本号"
      showSearch
      style={{ width: 240 }}
      placeholder="选择版本"
      loading={versions.isFetching}
      value={props.value || undefined}
      onChange={(value: string) => props.onChange?.(value)}
      options={rows.map((v) => ({ value: v.version_no, label: `${v.version_no}（${v.version_name}）` }))}
    />
  );
}

/**
 * 版本日志 (cfg/version_log, breadth §7): the product's versions and what changed in each — 新增,
 * 修复 or 优化 by module; the changes come in from .xlsx (版本号, 模块, 修改类型, 完成时间, 内容).
 */
export default function VersionLog() {
  return (
    <>
      <ResourceScreen
        resource={appVersionResource}
        title="版本"
        filters={[{ name: 'key', kind: 'search', label: '搜索版本', placeholder: '名称或版本号' }]}
        columns={[
          { title: '版本号', dataIndex: 'version_no', width: 120 },
          { title: '名称', dataIndex: 'version_name', width: 200 },
          { title: '发布日期', dataIndex: 'released_on', width: 120 },
          { title: '修改条数', dataIndex: 'entry_count', width: 90, align: 'right' },
        ]}
        fields={[
          { name: 'version_name', label: '版本名称', placeholder: '例如 体检管理系统' },
          { name: 'version_no', label: '版本号', placeholder: '例如 0.2.0' },
          { name: 'released_on', label: '发布日期', placeholder: '例如 2026-12-01，未发布可留空' },
        ]}
      />
      <div style={{ height: 12 }} />
      <ResourceScreen
        resource={versionEntryResource}
        title="修改内容"
        filters={[
          { name: 'key', kind: 'search', label: '搜索修改内容', placeholder: '模块或内容' },
          { name: 'change_type', kind: 'select', label: '修改类型', options: CHANGE_OPTIONS },
        ]}
        columns={[
          { title: '版本号', dataIndex: 'version_no', width: 100 },
          { title: '模块', dataIndex: 'module', width: 110 },
          {
            title: '修改类型',
            dataIndex: 'change_type',
            width: 90,
            render: (t: VersionEntryRow['change_type']) => CHANGE_TYPE_LABELS[t],
          },
          { title: '完成时间', dataIndex: 'finished_on', width: 110 },
          { title: '内容', dataIndex: 'content', width: 420, ellipsis: true },
        ]}
        fields={[
          { name: 'version_no', label: '版本号', input: <VersionSelect /> },
          { name: 'module', label: '模块', placeholder: '例如 登记' },
          { name: 'change_type', label: '修改类型', kind: 'select', options: CHANGE_OPTIONS },
          { name: 'finished_on', label: '完成时间', placeholder: '例如 2026-11-28' },
          { name: 'content', label: '内容', kind: 'textarea' },
        ]}
        blank={{ change_type: 'add' }}
      />
    </>
  );
}
