import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 团体报告模板 (exam_cfg/self_defined_template/group_report): the shared template editor for this type. */
export default function GroupReportTemplates() {
  return <TemplateScreen type="group_report" />;
}
