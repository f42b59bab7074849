import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 团体缴费凭证模板 (exam_cfg/self_defined_template/group_voucher): the shared template editor for this type. */
export default function GroupVoucherTemplates() {
  return <TemplateScreen type="group_voucher" />;
}
