import { App, Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { GROUP_LIST_KIND_LABELS, GROUP_LIST_KINDS, groupListTemplateRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/resource/resource-api';

/** 健康/职业导入模板下载 (breadth §2.7): the two empty lists to fill in. */
export function GroupListTemplates() {
  const { message } = App.useApp();
  return (
    <Space>
      {GROUP_LIST_KINDS.map((kind) => (
        <Button
          key={kind}
          icon={<DownloadOutlined />}
          onClick={() =>
            void api
              .download(groupListTemplateRoute, { kind })
              .then((blob) => saveBlob(blob, `${GROUP_LIST_KIND_LABELS[kind]}名单导入模板.xlsx`))
              .catch((error: Error) => void message.error(error.message))
          }
        >
          {GROUP_LIST_KIND_LABELS[kind]}模板
        </Button>
      ))}
    </Space>
  );
}
