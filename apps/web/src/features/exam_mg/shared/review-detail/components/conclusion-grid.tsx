import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { CONCLUSION_ORIGIN_LABELS, type ReviewConclusion } from '@checkup/api-contract';
import {
  useAddConclusion,
  useConclusionToDict,
  useConclusions,
  useDeleteConclusion,
  useEditConclusion,
  useHideConclusion,
  useMergeConclusions,
  useMoveConclusion,
  useSplitConclusion,
  type ConclusionText,
} from '../api/conclusion-grid';
import { useSearchDiagnosis } from '../api/search-diagnosis';

interface Props {
  orderId: string;
  readOnly: boolean;
}

/** What the text dialog is for: a new conclusion, adjusting one, or merging the selected ones. */
type Editing =
  { kind: 'add' } | { kind: 'edit'; row: ReviewConclusion } | { kind: 'merge'; ids: number[]; names: string[] } | null;

const joined = (parts: string[]) => parts.filter(Boolean).join('；');

/**
 * 总检结论列表 (issue 20): each conclusion with its department and who added it; 报告中隐藏;
 * 上移/下移 (the report's order); 合并 / 拆分; 存入诊断库; 新增 / 调整 with 个人建议 and 团体建议.
 */
export function ConclusionGrid({ orderId, readOnly }: Props) {
  const { message, modal } = App.useApp();
  const list = useConclusions(orderId);
  const rows = list.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const add = useAddConclusion(orderId);
  const edit = useEditConclusion(orderId);
  const remove = useDeleteConclusion(orderId);
  const hide = useHideConclusion(orderId);
  const move = useMoveConclusion(orderId);
  const merge = useMergeConclusions(orderId);
  const split = useSplitConclusion(orderId);
  const toDict = useConclusionToDict(orderId);
  const busy = [remove, hide, move, split, toDict].some((m) => m.isPending);
  const fail = (err: Error) => void message.error(err.message);

  const openMerge = () => {
    const picked = rows.filter((r) => selected.includes(r.id));
    setEditing({ kind: 'merge', ids: picked.map((r) => r.id), names: picked.map((r) => r.diag_name) });
  };

  const submit = (text: ConclusionText & { diag_id?: number }) => {
    const done = () => {
      setEditing(null);
      setSelected([]);
    };
    if (editing?.kind === 'add') add.mutate(text, { onSuccess: done, onError: fail });
    if (editing?.kind === 'edit') edit.mutate({ ...text, id: editing.row.id }, { onSuccess: done, onError: fail });
    if (editing?.kind === 'merge') merge.mutate({ ...text, ids: editing.ids }, { onSuccess: done, onError: fail });
  };

  const confirmDelete = (row: ReviewConclusion) =>
    modal.confirm({
      title: '删除结论',
      content: `确定删除结论「${row.diag_name}」吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(row.id).catch(fail),
    });

  const columns = [
    { title: '序号', key: 'no', width: 56, render: (_: unknown, __: ReviewConclusion, index: number) => index + 1 },
    {
      title: '结论',
      key: 'name',
      render: (_: unknown, row: ReviewConclusion) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text delete={row.hidden} strong>
            {row.diag_name}
          </Typography.Text>
          {row.members.length > 0 && (
            <span>
              {row.members.map((m) => (
                <Tag key={m.id}>{m.dept_name ? `${m.diag_name}（${m.dept_name}）` : m.diag_name}</Tag>
              ))}
            </span>
          )}
        </Space>
      ),
    },
    { title: '科室', key: 'dept', width: 100, render: (_: unknown, row: ReviewConclusion) => row.dept_name ?? '总检' },
    {
      title: '添加人',
      key: 'added',
      width: 130,
      render: (_: unknown, row: ReviewConclusion) => (
        <span>
          <Tag color={row.origin === 'dept' ? 'default' : 'blue'}>{CONCLUSION_ORIGIN_LABELS[row.origin]}</Tag>
          {row.added_by_name ?? ''}
        </span>
      ),
    },
    { title: '个人建议', dataIndex: 'advice', key: 'advice', ellipsis: true },
    { title: '团体建议', dataIndex: 'group_advice', key: 'group_advice', ellipsis: true },
    {
      title: '报告中隐藏',
      key: 'hidden',
      width: 96,
      render: (_: unknown, row: ReviewConclusion) => (
        <Switch
          size="small"
          aria-label={`报告中隐藏 ${row.diag_name}`}
          checked={row.hidden}
          disabled={readOnly || busy}
          onChange={(hidden) => hide.mutate({ id: row.id, hidden }, { onError: fail })}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_: unknown, row: ReviewConclusion, index: number) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            disabled={readOnly || busy || index === 0}
            onClick={() => move.mutate({ id: row.id, direction: 'up' }, { onError: fail })}
          >
            上移
          </Button>
          <Button
            type="link"
            size="small"
            disabled={readOnly || busy || index === rows.length - 1}
            onClick={() => move.mutate({ id: row.id, direction: 'down' }, { onError: fail })}
          >
            下移
          </Button>
          <Button type="link" size="small" disabled={readOnly} onClick={() => setEditing({ kind: 'edit', row })}>
            调整
          </Button>
          {row.origin === 'merge' ? (
            <Button
              type="link"
              size="small"
              disabled={readOnly || busy}
              onClick={() => split.mutate(row.id, { onError: fail })}
            >
              拆分
            </Button>
          ) : (
            row.origin === 'review' && (
              <Button type="link" size="small" danger disabled={readOnly || busy} onClick={() => confirmDelete(row)}>
                删除
              </Button>
            )
          )}
          {row.diag_id === null && row.origin !== 'merge' && (
            <Button
              type="link"
              size="small"
              disabled={readOnly || busy}
              onClick={() =>
                toDict.mutate(row.id, {
                  onSuccess: ({ diag_code }) => void message.success(`已存入诊断库（编码 ${diag_code}）`),
                  onError: fail,
                })
              }
            >
              存入诊断库
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button disabled={readOnly} onClick={() => setEditing({ kind: 'add' })}>
          新增结论
        </Button>
        <Button disabled={readOnly || selected.length < 2} onClick={openMerge}>
          合并所选
        </Button>
        <Typography.Text type="secondary">勾选两条或多条结论可合并；报告按本列表顺序打印</Typography.Text>
      </Space>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 8 }} />}
      <Table<ReviewConclusion>
        size="small"
        rowKey="id"
        pagination={false}
        loading={list.isPending}
        columns={columns}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (row) => ({
            disabled: readOnly || row.origin === 'merge',
            'aria-label': `选择 ${row.diag_name}`,
          }),
        }}
        rowClassName={(row) => (row.hidden ? 'conclusion-hidden' : '')}
        locale={{ emptyText: '暂无结论' }}
      />
      {editing && (
        <ConclusionDialog
          editing={editing}
          rows={rows}
          pending={add.isPending || edit.isPending || merge.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={submit}
        />
      )}
    </>
  );
}

const TITLES = { add: '新增结论', edit: '调整结论', merge: '合并结论' } as const;

function initialText(editing: NonNullable<Editing>, rows: ReviewConclusion[]): ConclusionText {
  if (editing.kind === 'edit') {
    const { diag_name, advice, group_advice } = editing.row;
    return { diag_name, advice, group_advice };
  }
  if (editing.kind === 'merge') {
    const parts = rows.filter((r) => editing.ids.includes(r.id));
    return {
      diag_name: editing.names.join('、'),
      advice: joined(parts.map((p) => p.advice)),
      group_advice: joined(parts.map((p) => p.group_advice)),
    };
  }
  return { diag_name: '', advice: '', group_advice: '' };
}

/** The name (typed, or picked from the diagnosis dictionary with its advice) and both advice texts. */
function ConclusionDialog({
  editing,
  rows,
  pending,
  onCancel,
  onSubmit,
}: {
  editing: NonNullable<Editing>;
  rows: ReviewConclusion[];
  pending: boolean;
  onCancel: () => void;
  onSubmit: (text: ConclusionText & { diag_id?: number }) => void;
}) {
  const [text, setText] = useState(() => initialText(editing, rows));
  const [diagId, setDiagId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const found = useSearchDiagnosis(keyword, editing.kind === 'add');
  const [error, setError] = useState('');

  const pick = (id: number) => {
    const entry = found.data?.find((d) => d.diag_id === id);
    if (!entry) return;
    setDiagId(id);
    setText((t) => ({ ...t, diag_name: entry.diag_name, advice: entry.advice || t.advice }));
  };
  const ok = () => {
    if (!text.diag_name.trim()) return setError('请填写结论名称');
    onSubmit({ ...text, diag_name: text.diag_name.trim(), ...(diagId ? { diag_id: diagId } : {}) });
  };

  return (
    <Modal
      open
      title={TITLES[editing.kind]}
      okText="确定"
      cancelText="取消"
      confirmLoading={pending}
      onOk={ok}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={6}>
        {editing.kind === 'merge' && <div>合并：{editing.names.join('、')}</div>}
        {editing.kind === 'add' && (
          <Select
            aria-label="从诊断库选择"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="检索诊断库（也可直接填写结论名称）"
            style={{ width: '100%' }}
            value={diagId ?? null}
            loading={found.isFetching}
            onChange={pick}
            options={(found.data ?? []).map((d) => ({ value: d.diag_id, label: `${d.diag_name}（${d.diag_code}）` }))}
          />
        )}
        <label htmlFor="conclusion-name">结论名称</label>
        <Input
          id="conclusion-name"
          maxLength={128}
          value={text.diag_name}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setError('');
            setDiagId(undefined);
            setText((t) => ({ ...t, diag_name: e.target.value }));
          }}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <label htmlFor="conclusion-advice">个人建议</label>
        <Input.TextArea
          id="conclusion-advice"
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          value={text.advice}
          onChange={(e) => setText((t) => ({ ...t, advice: e.target.value }))}
        />
        <label htmlFor="conclusion-group-advice">团体建议</label>
        <Input.TextArea
          id="conclusion-group-advice"
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          value={text.group_advice}
          onChange={(e) => setText((t) => ({ ...t, group_advice: e.target.value }))}
        />
      </Space>
    </Modal>
  );
}
