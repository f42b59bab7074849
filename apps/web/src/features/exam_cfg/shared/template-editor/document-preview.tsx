import type { ReactNode } from 'react';
import { EXAMINEE_FIELDS, type DocumentLayout, type SectionBlock } from '@checkup/api-contract';
import { SAMPLE_DEPTS, SAMPLE_EXAMINEE, SAMPLE_TEXT } from './sample';
import styles from './template-editor.module.css';

const LABELS = Object.fromEntries(EXAMINEE_FIELDS.map((f) => [f.key, f.label]));
const PAGE_CLASS = { A4: styles.pageA4, A5: styles.pageA5, B5: styles.pageB5 };

function Examinee({ layout }: { layout: DocumentLayout }) {
  return (
    <div className={styles.fields}>
      {layout.fields
        .filter((f) => f.visible)
        .map((f) => [
          <span key={`${f.key}-label`} className={styles.label}>
            {LABELS[f.key]}
          </span>,
          <span key={f.key}>{SAMPLE_EXAMINEE[f.key]}</span>,
        ])}
    </div>
  );
}

function Depts() {
  return (
    <ol style={{ margin: 0, paddingLeft: 18 }}>
      {SAMPLE_DEPTS.map((d) => (
        <li key={d.dept}>
          {d.dept}：{d.items} □
        </li>
      ))}
    </ol>
  );
}

/** A section as the print draws it, filled with the demo examinee. */
function sectionBody(section: SectionBlock, layout: DocumentLayout, hospital: string): ReactNode {
  if (section.key === 'examinee') return <Examinee layout={layout} />;
  if (section.key === 'depts') return <Depts />;
  if (section.key === 'specimens') return <div>王秀兰 血液 ||||||| 20261125000018</div>;
  if (section.key === 'cover') {
    return (
      <div style={{ textAlign: 'center', padding: '8px 0', borderBottom: '1px dashed #d9d9d9' }}>
        {hospital} · {layout.header.title} · 王秀兰（封面单独一页）
      </div>
    );
  }
  return <div>{SAMPLE_TEXT[section.key] ?? ''}</div>;
}

/**
 * The template drawn on its page size with the demo examinee, as it will print: the header, then the
 * visible blocks in their order. It follows every change in the editor at once.
 */
export function DocumentPreview({ layout, hospitalName }: { layout: DocumentLayout; hospitalName: string }) {
  const hospital = layout.header.hospital_name || hospitalName;
  return (
    <section
      aria-label="打印预览"
      className={`${styles.page} ${PAGE_CLASS[layout.page_size]}`}
      style={{ fontSize: layout.font_size + 2 }}
    >
      <div className={styles.hospital}>
        {layout.header.show_logo && (
          <span className={styles.logo} aria-label="医院徽标">
            徽标
          </span>
        )}
        <span>{hospital}</span>
      </div>
      <div className={styles.title} style={{ fontSize: layout.font_size + 10 }}>
        {layout.header.title}
      </div>
      {layout.blocks
        .filter((block) => block.visible)
        .map((block, i) => (
          <div key={block.kind === 'section' ? block.key : `text-${i}`}>
            {/* The cover has a page of its own and no heading, as printed. */}
            {block.title && !(block.kind === 'section' && block.key === 'cover') && (
              <div className={styles.heading}>{block.title}</div>
            )}
            {block.kind === 'section' ? sectionBody(block, layout, hospital) : <div>{block.text}</div>}
          </div>
        ))}
    </section>
  );
}
