import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 导检单模板 (exam_cfg/self_defined_template/guide_sheet): the shared template editor for this type. */
export default function GuideSheetTemplates() {
  return <TemplateScreen type="guide_sheet" />;
}
