import { useState } from 'react';
import {
  defaultLayout,
  isBarcodeLayout,
  layoutSchemaOf,
  type TemplateLayout,
  type TemplateType,
} from '@checkup/api-contract';
import { BarcodeEditor } from './barcode-editor';
import { BarcodePreview } from './barcode-preview';
import { DocumentEditor } from './document-editor';
import { DocumentPreview } from './document-preview';
import styles from './template-editor.module.css';

/** A stored layout, or its type's default when it is missing or no longer fits the schema (an older one). */
export function layoutOf(type: TemplateType, value: unknown): TemplateLayout {
  let raw = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      raw = undefined;
    }
  }
  const parsed = layoutSchemaOf(type).safeParse(raw);
  return parsed.success ? parsed.data : defaultLayout(type);
}

export interface TemplateEditorProps {
  type: TemplateType;
  /** temp_config as JSON text (the form's value, checked by the contract's schema). */
  value?: string;
  onChange?(value: string): void;
  /** The name the header prints when the template leaves it blank (单位信息). */
  hospitalName?: string;
}

/**
 * The editor of one template (issue 18 §2): what the type prints on the left, the preview with the
 * demo examinee on the right, following each change. A form control: its value is temp_config's JSON.
 */
export function TemplateEditor({ type, value, onChange, hospitalName = '医院名称' }: TemplateEditorProps) {
  const [layout, setLayout] = useState(() => layoutOf(type, value));
  // A value this editor did not write means the form was opened on another record (or a copy).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== JSON.stringify(layout)) setLayout(layoutOf(type, value));
  }
  const change = (next: TemplateLayout) => {
    setLayout(next);
    onChange?.(JSON.stringify(next));
  };
  return (
    <div className={styles.editor}>
      <div className={styles.controls}>
        {isBarcodeLayout(layout) ? (
          <BarcodeEditor layout={layout} onChange={change} />
        ) : (
          <DocumentEditor layout={layout} onChange={change} />
        )}
      </div>
      <div className={styles.previewPane}>
        {isBarcodeLayout(layout) ? (
          <BarcodePreview layout={layout} />
        ) : (
          <DocumentPreview layout={layout} hospitalName={hospitalName} />
        )}
      </div>
    </div>
  );
}
