import type { BarcodeLayout } from '@checkup/api-contract';
import { SAMPLE_LABEL } from './sample';
import styles from './template-editor.module.css';

/** Drawn at 4 px per millimetre, so a 50 × 30 mm label is 200 × 120 px. */
const PX_PER_MM = 4;

/** The label at its size with the demo examinee's values above and below the bars. */
export function BarcodePreview({ layout }: { layout: BarcodeLayout }) {
  const line = (position: 'top' | 'bottom') =>
    layout.fields
      .filter((f) => f.position === position)
      .map((f) => SAMPLE_LABEL[f.field])
      .join('  ');
  const top = line('top');
  const bottom = line('bottom');
  return (
    <section
      aria-label="打印预览"
      className={styles.barcode}
      style={{
        width: layout.width_mm * PX_PER_MM,
        height: layout.height_mm * PX_PER_MM,
        fontSize: layout.font_size + 4,
      }}
    >
      {top && <div style={{ fontWeight: 700 }}>{top}</div>}
      <div className={styles.bars} aria-hidden />
      {layout.show_code_text && <div style={{ textAlign: 'center' }}>{SAMPLE_LABEL.order_id}</div>}
      {bottom && <div>{bottom}</div>}
    </section>
  );
}
