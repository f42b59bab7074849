import { TemplateScreen } from '../../shared/template-editor/template-screen';

/** 健康证模板 (exam_cfg/self_defined_template/health_certificate): the shared template editor for this type. */
export default function HealthCertificateTemplates() {
  return <TemplateScreen type="health_certificate" />;
}
