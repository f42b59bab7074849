import { useMemo } from 'react';
import { Alert, Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { menuTree, type MenuNode, type MenuSettingRow } from '@checkup/api-contract';
import { HiddenNotice, KIND_LABELS } from '../shared/menu-settings/hidden-notice';
import { useMenuClassification } from '../shared/menu-settings/menu-settings-api';

const DETAIL = '/manager/cfg/menu_classification_detail';

interface Row {
  key: string;
  node: MenuNode;
  position: number;
  setting?: MenuSettingRow;
  children?: Row[];
}

const rowsOf = (nodes: readonly MenuNode[], settings: ReadonlyMap<string, MenuSettingRow>): Row[] =>
  nodes.map((node, position) => ({
    key: node.key,
    node,
    position: position + 1,
    setting: settings.get(node.key),
    ...(node.children.length ? { children: rowsOf(node.children, settings) } : {}),
  }));

/**
 * 菜单分类 (cfg/menu_classification, breadth §7): the route table's areas, groups and screens as the
 * menu shows them — the centre's titles and order, hidden entries, quick-access entries — each area or
 * group opened in 菜单分类详情 to change it.
 */
export default function MenuClassification() {
  const navigate = useNavigate();
  const list = useMenuClassification();
  const rows = useMemo(() => {
    const settings = list.data ?? [];
    return rowsOf(menuTree(settings), new Map(settings.map((s) => [s.menu_key, s])));
  }, [list.data]);

  const columns: TableColumnsType<Row> = [
    {
      title: '菜单名称',
      key: 'title',
      render: (_, { node }) => (
        <>
          {node.title}
          {node.title !== node.defaultTitle && (
            <Typography.Text type="secondary">（原名：{node.defaultTitle}）</Typography.Text>
          )}
        </>
      ),
    },
    { title: '类型', key: 'kind', width: 80, render: (_, { node }) => KIND_LABELS[node.kind] },
    { title: '顺序', dataIndex: 'position', width: 70, align: 'right' },
    {
      title: '菜单中',
      key: 'hidden',
      width: 90,
      render: (_, { node }) => (node.hidden ? <Tag color="orange">隐藏</Tag> : <Tag color="green">显示</Tag>),
    },
    {
      title: '首页快捷入口',
      key: 'quick',
      width: 120,
      render: (_, { node }) => (node.kind === 'screen' ? node.quickAccess ? <Tag color="blue">是</Tag> : '否' : ''),
    },
    {
      title: '最后修改',
      key: 'updated',
      width: 200,
      render: (_, { setting }) =>
        setting?.updated_at
          ? `${setting.updated_by_name ?? ''} ${new Date(setting.updated_at).toLocaleString('zh-CN', { hour12: false })}`
          : '',
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, { node }) =>
        node.kind === 'screen' ? null : (
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`${DETAIL}?key=${encodeURIComponent(node.key)}`)}
          >
            调整
          </Button>
        ),
    },
  ];

  return (
    <Card title="菜单分类" size="small">
      <HiddenNotice />
      {list.isError && <Alert type="error" showIcon message={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        expandable={{ defaultExpandedRowKeys: [] }}
      />
    </Card>
  );
}
