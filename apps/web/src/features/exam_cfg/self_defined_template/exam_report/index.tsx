import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 体检报告模板 (exam_cfg/self_defined_template/exam_report): the shared template editor for this type. */
export default function ExamReportTemplates() {
  return <TemplateScreen type="exam_report" />;
}
