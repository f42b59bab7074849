import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 职业告知卡模板 (exam_cfg/self_defined_template/occu_notice_card): the shared template editor for this type. */
export default function OccuNoticeCardTemplates() {
  return <TemplateScreen type="occu_notice_card" />;
}
