import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { findMenuNode, menuTree, type MenuNode, type MenuSettingRow } from '@checkup/api-contract';
import { HiddenNotice, KIND_LABELS } from '../shared/menu-settings/hidden-notice';
import { useMenuClassification, useMenuClassificationWrites } from '../shared/menu-settings/menu-settings-api';

const LIST = '/manager/cfg/menu_classification';

interface Entry {
  menu_key: string;
  title: string;
  kind: MenuNode['kind'];
  hidden: boolean;
  quick_access: boolean;
}

/** One area or group: its title, and its entries' order, visibility and quick access. */
function Editor({ node, rows }: { node: MenuNode; rows: readonly MenuSettingRow[] }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const writes = useMenuClassificationWrites();
  const [title, setTitle] = useState(node.title === node.defaultTitle ? '' : node.title);
  const [entries, setEntries] = useState<Entry[]>(() =>
    node.children.map((c) => ({
      menu_key: c.key,
      title: c.title,
      kind: c.kind,
      hidden: c.hidden,
      quick_access: c.quickAccess,
    })),
  );
  const fail = (error: Error) => void message.error(error.message);
  const change = (key: string, patch: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.menu_key === key ? { ...e, ...patch } : e)));
  const move = (index: number, by: -1 | 1) =>
    setEntries((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });

  const save = () =>
    writes.save.mutate(
      {
        parent_key: node.key,
        title,
        entries: JSON.stringify(
          entries.map(({ menu_key, hidden, quick_access }) => ({ menu_key, hidden, quick_access })),
        ),
        versions: JSON.stringify(Object.fromEntries(rows.map((r) => [r.menu_key, r.version]))),
      },
      { onSuccess: () => void message.success('菜单分类已保存'), onError: fail },
    );
  const reset = () =>
    writes.reset.mutate(node.key, { onSuccess: () => void message.success('已恢复默认'), onError: fail });

  const columns: TableColumnsType<Entry> = [
    { title: '顺序', key: 'position', width: 60, align: 'right', render: (_, __, index) => index + 1 },
    { title: '菜单名称', dataIndex: 'title' },
    { title: '类型', key: 'kind', width: 70, render: (_, e) => KIND_LABELS[e.kind] },
    {
      title: '调整顺序',
      key: 'move',
      width: 110,
      render: (_, e, index) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${e.title}`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${e.title}`}
            disabled={index === entries.length - 1}
            onClick={() => move(index, 1)}
          />
        </Space>
      ),
    },
    {
      title: '在菜单中隐藏',
      key: 'hidden',
      width: 120,
      render: (_, e) => (
        <Switch
          size="small"
          checked={e.hidden}
          aria-label={`隐藏${e.title}`}
          onChange={(hidden) => change(e.menu_key, { hidden })}
        />
      ),
    },
    {
      title: '首页快捷入口',
      key: 'quick',
      width: 120,
      render: (_, e) =>
        e.kind === 'screen' ? (
          <Switch
            size="small"
            checked={e.quick_access}
            aria-label={`快捷入口${e.title}`}
            onChange={(quick_access) => change(e.menu_key, { quick_access })}
          />
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          {node.title}
          <Tag>{KIND_LABELS[node.kind]}</Tag>
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => void navigate(LIST)}>返回列表</Button>
          <Popconfirm
            title="恢复为系统默认的名称、顺序和快捷入口，并取消隐藏？"
            okText="恢复"
            cancelText="取消"
            onConfirm={reset}
          >
            <Button loading={writes.reset.isPending}>恢复默认</Button>
          </Popconfirm>
          <Button type="primary" loading={writes.save.isPending} onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      <HiddenNotice />
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label="分类名称" extra={`留空则使用默认名称“${node.defaultTitle}”`}>
          <Input
            value={title}
            maxLength={16}
            placeholder={node.defaultTitle}
            onChange={(e) => setTitle(e.target.value)}
            style={{ width: 220 }}
          />
        </Form.Item>
      </Form>
      <Table<Entry> size="small" rowKey="menu_key" columns={columns} dataSource={entries} pagination={false} />
    </Card>
  );
}

/** 菜单分类详情 (cfg/menu_classification_detail?key=…): one area or group of the menu, changed. */
export default function MenuClassificationDetail() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const list = useMenuClassification();
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon message={list.error.message} />;
  const node = findMenuNode(menuTree(list.data), key);
  if (!node || node.kind === 'screen')
    return <Alert type="warning" showIcon message="请从菜单分类列表选择要调整的模块或分组" />;
  // What was read decides the editor's start: after a save or reset it starts again from the new settings.
  const keys = new Set([node.key, ...node.children.map((c) => c.key)]);
  const stamp = list.data
    .filter((r) => keys.has(r.menu_key))
    .map((r) => `${r.menu_key}:${r.version}`)
    .join(',');
  return <Editor key={`${key}|${stamp}`} node={node} rows={list.data} />;
}
