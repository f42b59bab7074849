import { InputNumber, Select, Switch } from 'antd';
import { BARCODE_FIELDS, BARCODE_POSITION_LABELS, BARCODE_POSITIONS, type BarcodeLayout } from '@checkup/api-contract';
import { moveBy, replaceAt } from './move';
import { Line, MoveButtons } from './move-buttons';
import styles from './template-editor.module.css';

const FIELD_LABELS = Object.fromEntries(BARCODE_FIELDS.map((f) => [f.field, f.label]));
const positionOptions = BARCODE_POSITIONS.map((value) => ({ value, label: BARCODE_POSITION_LABELS[value] }));

/** The label's size and font, and where each field prints, in order within its line. */
export function BarcodeEditor({ layout, onChange }: { layout: BarcodeLayout; onChange(next: BarcodeLayout): void }) {
  const set = (change: Partial<BarcodeLayout>) => onChange({ ...layout, ...change });
  const size = (label: string, key: 'width_mm' | 'height_mm' | 'font_size', unit: string) => (
    <Line label={label}>
      <InputNumber
        aria-label={label}
        value={layout[key]}
        suffix={unit}
        onChange={(value) => set({ [key]: typeof value === 'number' ? value : 0 })}
      />
    </Line>
  );
  return (
    <div>
      {size('标签宽度', 'width_mm', '毫米')}
      {size('标签高度', 'height_mm', '毫米')}
      {size('字号', 'font_size', '磅')}
      <Line label="打印条码号">
        <Switch
          aria-label="打印条码号"
          checked={layout.show_code_text}
          onChange={(checked) => set({ show_code_text: checked })}
        />
      </Line>
      {layout.fields.map((f, i) => (
        <div key={f.field} className={styles.row}>
          <span className={styles.grow}>{FIELD_LABELS[f.field]}</span>
          <Select
            aria-label={`${FIELD_LABELS[f.field]}的位置`}
            size="small"
            style={{ width: 110 }}
            value={f.position}
            options={positionOptions}
            onChange={(position) => set({ fields: replaceAt(layout.fields, i, { ...f, position }) })}
          />
          <MoveButtons
            name={FIELD_LABELS[f.field]!}
            onMove={(step) => set({ fields: moveBy(layout.fields, i, step) })}
          />
        </div>
      ))}
    </div>
  );
}
