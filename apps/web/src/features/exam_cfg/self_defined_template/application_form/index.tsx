import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 申请单模板 (exam_cfg/self_defined_template/application_form): the shared template editor for this type. */
export default function ApplicationFormTemplates() {
  return <TemplateScreen type="application_form" />;
}
