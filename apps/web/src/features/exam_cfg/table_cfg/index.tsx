import { columnsText, tableSettingResource, type TableColumnSetting } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

/**
 * 表格配置 (exam_cfg/table_cfg, breadth §6.8): the signed-in user's own column settings of each list —
 * the columns shown, in order, and their widths. 重置 drops a list's settings, so it shows its defaults.
 */
export default function TableCfg() {
  return (
    <ResourceScreen
      resource={tableSettingResource}
      title="表格配置"
      filters={[{ name: 'key', kind: 'search', label: '搜索表格', placeholder: '表格标识' }]}
      columns={[
        { title: '表格', dataIndex: 'table_key', width: 200 },
        {
          title: '显示的列（按顺序，列名:宽度）',
          dataIndex: 'columns',
          width: 360,
          render: (columns: TableColumnSetting[]) => columnsText(columns),
        },
        {
          title: '保存时间',
          dataIndex: 'updated_at',
          width: 180,
          render: (at: string | null) => at?.slice(0, 19).replace('T', ' '),
        },
      ]}
      fields={[
        { name: 'table_key', label: '表格', placeholder: '例如 resource-department' },
        {
          name: 'columns',
          label: '显示的列',
          kind: 'textarea',
          placeholder: 'dept_code:120, dept_name, sort',
          extra: '按显示顺序填写列名，用逗号分隔；需要固定宽度的写成“列名:宽度”',
        },
      ]}
      toForm={(row) => ({ ...row, columns: columnsText(row.columns) })}
      removeLabel="重置"
    />
  );
}
