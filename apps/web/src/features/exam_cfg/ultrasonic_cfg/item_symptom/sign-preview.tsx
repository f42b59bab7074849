import { useState } from 'react';
import { Alert, Card, Checkbox, Descriptions, Empty, Space, Tag } from 'antd';
import { composeUltrasound, usItemResource, usSignResource, type ResourceRow } from '@checkup/api-contract';
import { useResourceList } from '../../../../lib/resource/resource-api';
import { ResourceSelect } from '../../../../lib/resource/resource-select';

type Sign = ResourceRow<typeof usSignResource>;

/** Ticking a positive finding unticks the normal default word, which composeUltrasound leaves out anyway. */
function withoutDefaultBesidePositive(ids: number[], rows: readonly Sign[]) {
  const byId = new Map(rows.map((s) => [s.id, s]));
  return ids.some((id) => byId.get(id)?.is_positive) ? ids.filter((id) => !byId.get(id)?.is_default) : ids;
}

/**
 * What the doctor's screen will insert: pick an item and some of its sign words, and see the 描述 and
 * 结论 they compose (the contract's composeUltrasound, the one rule for both screens).
 */
export function SignPreview() {
  const [itemId, setItemId] = useState<number | null>(null);
  // null until the user ticks something: the item's default (normal) word is chosen, as the doctor's screen does.
  const [ticked, setTicked] = useState<number[] | null>(null);
  const signs = useResourceList(
    usSignResource,
    { us_item_id: String(itemId ?? ''), enabled: '1', page: 1, size: 100 },
    itemId !== null,
  );
  const rows = (signs.data?.list ?? []) as unknown as Sign[];
  const item = useResourceList(usItemResource, { ids: String(itemId ?? ''), page: 1, size: 1 }, itemId !== null);
  const itemName = (item.data?.list[0] as unknown as ResourceRow<typeof usItemResource> | undefined)?.item_name ?? '';
  const chosen = ticked ?? rows.filter((s) => s.is_default).map((s) => s.id);

  const picked = chosen.map((id) => rows.find((s) => s.id === id)).filter((s): s is Sign => s !== undefined);
  const composed = composeUltrasound(itemName, picked);

  return (
    <Card title="模板预览" size="small" style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <ResourceSelect
          resource={usItemResource}
          labelOf={(i) => `${i.item_name}（${i.input_code}）`}
          aria-label="预览的超声项目"
          placeholder="选择超声项目，勾选所见查看组合出的描述和结论"
          value={itemId}
          onChange={(v) => {
            setItemId(typeof v === 'number' ? v : null);
            setTicked(null);
          }}
        />
        {itemId === null ? null : rows.length === 0 ? (
          <Empty description="该项目还没有启用的所见描述" />
        ) : (
          <Checkbox.Group
            aria-label="所见"
            value={chosen}
            onChange={(values) => setTicked(withoutDefaultBesidePositive(values as number[], rows))}
            options={rows.map((s) => ({
              value: s.id,
              label: (
                <span>
                  {s.sign_name} {s.is_positive && <Tag color="orange">阳性</Tag>}
                </span>
              ),
            }))}
          />
        )}
        {picked.length > 0 && (
          <Descriptions column={1} size="small" bordered aria-label="组合结果">
            <Descriptions.Item label="描述">{composed.description}</Descriptions.Item>
            <Descriptions.Item label="结论">{composed.conclusion}</Descriptions.Item>
          </Descriptions>
        )}
        {itemId !== null && picked.length === 0 && rows.length > 0 && (
          <Alert type="info" showIcon message="请勾选所见" />
        )}
      </Space>
    </Card>
  );
}
