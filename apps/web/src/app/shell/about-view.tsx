import { Alert, Descriptions, Tag } from 'antd';
import { LICENCE_TYPE_LABELS, type AboutInfo } from '@checkup/api-contract';

/** The licence's validity in words: 长期有效, the days left, or 已到期. */
function validity(about: AboutInfo) {
  if (about.valid_from === null) return '（未登记授权）';
  if (about.valid_to === null) return `${about.valid_from} 起，长期有效`;
  const tag = about.expired ? (
    <Tag color="red">已到期</Tag>
  ) : about.days_left !== null && about.days_left <= 30 ? (
    <Tag color="orange">剩余{about.days_left}天</Tag>
  ) : null;
  return (
    <>
      {about.valid_from} 至 {about.valid_to} {tag}
    </>
  );
}

/** 关于本系统: product, version and licence, read-only (header dialog and 系统注册). */
export function AboutView({ about }: { about: AboutInfo }) {
  return (
    <>
      {about.expired && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={`授权已于${about.valid_to}到期，请联系系统管理员续期`}
        />
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="产品名称">{about.product_name}</Descriptions.Item>
        <Descriptions.Item label="版本号">{about.version}</Descriptions.Item>
        <Descriptions.Item label="授权单位">{about.licence_holder}</Descriptions.Item>
        <Descriptions.Item label="授权类型">{LICENCE_TYPE_LABELS[about.licence_type]}</Descriptions.Item>
        <Descriptions.Item label="授权码">{about.licence_code ?? '（未登记）'}</Descriptions.Item>
        <Descriptions.Item label="有效期">{validity(about)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
