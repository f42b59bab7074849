import { App, Button, Popconfirm, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUIT_TYPES,
  SUIT_TYPE_LABELS,
  TEMPLATE_RESOURCES,
  TEMPLATE_SET_DEFAULT_ROUTES,
  TEMPLATE_TYPE_LABELS,
  defaultLayout,
  globalConfigRoute,
  type ResourceRow,
  type SuitType,
  type TemplateResource,
  type TemplateType,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { TemplateEditor } from './template-editor';

type Row = ResourceRow<TemplateResource>;
const suitOptions = SUIT_TYPES.map((value) => ({ value, label: SUIT_TYPE_LABELS[value] }));

/** 设为默认: the guide sheet and the report print with their type's default, so the list shows it at once. */
function useSetDefault(type: TemplateType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(TEMPLATE_SET_DEFAULT_ROUTES[type], { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['resource', TEMPLATE_RESOURCES[type].spec.name] }),
  });
}

/**
 * One template type's screen (exam_cfg/self_defined_template/<type>): its templates for 健康 and 职业
 * visits, 新增/编辑/复制/删除 with the editor and its live preview, and 设为默认.
 */
export function TemplateScreen({ type }: { type: TemplateType }) {
  const { message } = App.useApp();
  const resource = TEMPLATE_RESOURCES[type];
  const setDefault = useSetDefault(type);
  const config = useQuery({
    queryKey: ['global-config'],
    queryFn: () => api.call(globalConfigRoute, {}),
    staleTime: 5 * 60_000,
  });
  const label = TEMPLATE_TYPE_LABELS[type];
  return (
    <ResourceScreen
      resource={resource}
      title={`${label}模板`}
      drawerSize={1120}
      filters={[
        { name: 'key', kind: 'search', label: '搜索模板', placeholder: '模板名称' },
        { name: 'suit_type', kind: 'select', label: '适用类型', options: suitOptions },
      ]}
      columns={[
        { title: '名称', dataIndex: 'temp_name', width: 200 },
        { title: '适用类型', dataIndex: 'suit_type', width: 100, render: (s: SuitType) => SUIT_TYPE_LABELS[s] },
        {
          title: '默认',
          dataIndex: 'is_default',
          width: 80,
          render: (isDefault: boolean) => (isDefault ? <Tag color="blue">默认</Tag> : ''),
        },
        { title: '修改人', dataIndex: 'updated_by_name', width: 120 },
      ]}
      fields={[
        { name: 'temp_name', label: '模板名称' },
        { name: 'suit_type', label: '适用类型', kind: 'select', options: suitOptions },
        {
          name: 'temp_config',
          label: '模板内容',
          input: <TemplateEditor type={type} hospitalName={config.data?.hospital.name ?? undefined} />,
        },
      ]}
      toForm={(row: Row) => ({ ...row, temp_config: JSON.stringify(row.temp_config) })}
      blank={{ suit_type: 'health', temp_config: JSON.stringify(defaultLayout(type)) }}
      rowActions={(row: Row, { openNew }) => (
        <>
          {!row.is_default && (
            <Popconfirm
              title={`设为${SUIT_TYPE_LABELS[row.suit_type]}体检的默认${label}模板？打印时将使用它。`}
              okText="确定"
              cancelText="取消"
              onConfirm={() =>
                setDefault.mutate(row.id, {
                  onSuccess: () => void message.success('已设为默认模板'),
                  onError: (error) => void message.error(error.message),
                })
              }
            >
              <Button type="link" size="small">
                设为默认
              </Button>
            </Popconfirm>
          )}
          <Button
            type="link"
            size="small"
            onClick={() =>
              openNew({
                temp_name: `${row.temp_name}（副本）`,
                suit_type: row.suit_type,
                temp_config: JSON.stringify(row.temp_config),
              })
            }
          >
            复制
          </Button>
        </>
      )}
    />
  );
}
