import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 知情同意书模板 (exam_cfg/self_defined_template/consent): the shared template editor for this type. */
export default function ConsentTemplates() {
  return <TemplateScreen type="consent" />;
}
