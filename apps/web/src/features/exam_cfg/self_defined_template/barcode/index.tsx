import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 条码模板 (exam_cfg/self_defined_template/barcode): the shared template editor for this type. */
export default function BarcodeTemplates() {
  return <TemplateScreen type="barcode" />;
}
