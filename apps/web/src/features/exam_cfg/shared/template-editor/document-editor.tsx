import { Button, Checkbox, Divider, Input, InputNumber, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EXAMINEE_FIELDS, PAGE_SIZES, type DocumentBlock, type DocumentLayout } from '@checkup/api-contract';
import { moveBy, replaceAt } from './move';
import { Line, MoveButtons } from './move-buttons';
import styles from './template-editor.module.css';

const FIELD_LABELS = Object.fromEntries(EXAMINEE_FIELDS.map((f) => [f.key, f.label]));
const pageOptions = PAGE_SIZES.map((value) => ({ value, label: value }));
const nameOf = (block: DocumentBlock) => block.title || (block.kind === 'text' ? '文字块' : block.key);

function BlockRow(props: { block: DocumentBlock; onChange(next: DocumentBlock): void; onRemove(): void }) {
  const { block, onChange } = props;
  const name = nameOf(block);
  return (
    <div style={{ borderBottom: '1px dashed #e5e5e5', padding: '4px 0' }}>
      <div className={styles.row} style={{ borderBottom: 0 }}>
        <Switch
          size="small"
          aria-label={`显示${name}`}
          checked={block.visible}
          onChange={(visible) => onChange({ ...block, visible })}
        />
        <Input
          className={styles.grow}
          size="small"
          aria-label={block.kind === 'section' ? `${name}的标题` : '文字块标题'}
          placeholder={block.kind === 'text' ? '标题（可不填）' : undefined}
          value={block.title}
          onChange={(e) => onChange({ ...block, title: e.target.value })}
        />
        {block.kind === 'text' && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除文字块"
            onClick={props.onRemove}
          />
        )}
      </div>
      {block.kind === 'text' && (
        <Input.TextArea
          aria-label="文字块内容"
          autoSize={{ minRows: 2, maxRows: 5 }}
          value={block.text}
          onChange={(e) => onChange({ ...block, text: e.target.value })}
        />
      )}
    </div>
  );
}

/** A document's header, page, font, examinee fields and blocks, in the order they print. */
export function DocumentEditor({ layout, onChange }: { layout: DocumentLayout; onChange(next: DocumentLayout): void }) {
  const set = (change: Partial<DocumentLayout>) => onChange({ ...layout, ...change });
  const header = (change: Partial<DocumentLayout['header']>) => set({ header: { ...layout.header, ...change } });
  return (
    <div>
      <Line label="标题">
        <Input aria-label="标题" value={layout.header.title} onChange={(e) => header({ title: e.target.value })} />
      </Line>
      <Line label="医院名称">
        <Input
          aria-label="医院名称"
          placeholder="不填则用单位信息中的名称"
          value={layout.header.hospital_name}
          onChange={(e) => header({ hospital_name: e.target.value })}
        />
      </Line>
      <Line label="打印徽标">
        <Switch
          aria-label="打印徽标"
          checked={layout.header.show_logo}
          onChange={(show_logo) => header({ show_logo })}
        />
      </Line>
      <Line label="纸张">
        <Select
          aria-label="纸张"
          style={{ width: 100 }}
          value={layout.page_size}
          options={pageOptions}
          onChange={(page_size) => set({ page_size })}
        />
      </Line>
      <Line label="字号">
        <InputNumber
          aria-label="字号"
          value={layout.font_size}
          suffix="磅"
          onChange={(value) => set({ font_size: typeof value === 'number' ? value : 0 })}
        />
      </Line>
      <Divider plain style={{ margin: '8px 0' }}>
        受检者信息字段
      </Divider>
      {layout.fields.map((f, i) => (
        <div key={f.key} className={styles.row}>
          <Checkbox
            className={styles.grow}
            checked={f.visible}
            onChange={(e) => set({ fields: replaceAt(layout.fields, i, { ...f, visible: e.target.checked }) })}
          >
            {FIELD_LABELS[f.key]}
          </Checkbox>
          <MoveButtons name={FIELD_LABELS[f.key]!} onMove={(step) => set({ fields: moveBy(layout.fields, i, step) })} />
        </div>
      ))}
      <Divider plain style={{ margin: '8px 0' }}>
        栏目与文字块（按打印顺序）
      </Divider>
      {layout.blocks.map((block, i) => (
        <div key={block.kind === 'section' ? block.key : `text-${i}`} style={{ display: 'flex', gap: 4 }}>
          <div className={styles.grow}>
            <BlockRow
              block={block}
              onChange={(next) => set({ blocks: replaceAt(layout.blocks, i, next) })}
              onRemove={() => set({ blocks: layout.blocks.filter((_, j) => j !== i) })}
            />
          </div>
          <MoveButtons name={nameOf(block)} onMove={(step) => set({ blocks: moveBy(layout.blocks, i, step) })} />
        </div>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() =>
          set({ blocks: [...layout.blocks, { kind: 'text', title: '', text: '请在此填写内容', visible: true }] })
        }
      >
        添加文字块
      </Button>
    </div>
  );
}
