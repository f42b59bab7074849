import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Result } from 'antd';
import { SHARE_CODE_LENGTH } from '@checkup/api-contract';
import { AntdProviders } from '../../app/antd-providers';
import { useVersion } from '../../app/api/get-version';
import { sharePdfUrl, useOpenShare } from './api/open-share';
import styles from './report-share.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/**
 * 电子报告 (/report_share?t=…, issue 20): the examinee opens a shared link on the public listener,
 * types the extraction code and downloads the report. Nobody signs in.
 */
export default function ReportSharePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const version = useVersion();
  return (
    <AntdProviders>
      <div className={styles.page}>
        <Card
          title={<h1 className={styles.title}>{`${version.data?.name ?? '体检中心'} · 电子体检报告`}</h1>}
          className={styles.card}
        >
          {token ? <ShareCode token={token} /> : <Result status="warning" title="分享链接不完整，请重新打开链接" />}
        </Card>
      </div>
    </AntdProviders>
  );
}

function ShareCode({ token }: { token: string }) {
  const open = useOpenShare();
  const [code, setCode] = useState('');
  const report = open.data;

  if (report) {
    return (
      <>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="姓名">{report.cust_name}</Descriptions.Item>
          <Descriptions.Item label="体检号">{report.order_id}</Descriptions.Item>
          <Descriptions.Item label="体检日期">{report.exam_date}</Descriptions.Item>
          <Descriptions.Item label="体检套餐">{report.package_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="链接有效期至">
            {report.link_expires_at ? when(report.link_expires_at) : '长期有效'}
          </Descriptions.Item>
        </Descriptions>
        <Button type="primary" size="large" block href={sharePdfUrl(report.ticket)} className={styles.download}>
          下载体检报告（PDF）
        </Button>
        <div className={styles.hint}>下载链接 15 分钟内有效，过期后请重新输入提取码。</div>
      </>
    );
  }

  return (
    <Form layout="vertical" onFinish={() => open.mutate({ token, code })}>
      <Form.Item label="提取码" extra={`请输入体检中心提供的${SHARE_CODE_LENGTH}位提取码`}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
          maxLength={SHARE_CODE_LENGTH}
          size="large"
          autoFocus
          autoComplete="off"
          aria-label="提取码"
        />
      </Form.Item>
      {open.isError && <Alert type="error" showIcon message={open.error.message} className={styles.error} />}
      <Button type="primary" htmlType="submit" size="large" block loading={open.isPending} disabled={!code}>
        查看报告
      </Button>
    </Form>
  );
}
