import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 体检表模板 (exam_cfg/self_defined_template/exam_form): the shared template editor for this type. */
export default function ExamFormTemplates() {
  return <TemplateScreen type="exam_form" />;
}
