import { App, Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  RECON_CHANNEL_NAMES,
  RECON_CHANNELS,
  reconTemplateRoute,
  templateFileName,
  type ReconChannel,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/resource/resource-api';

/** 下载模板: one .xlsx per channel, its columns explained on the 说明 sheet. */
export function TemplateButtons({ channels = RECON_CHANNELS }: { channels?: readonly ReconChannel[] }) {
  const { message } = App.useApp();
  const download = (channel: ReconChannel) =>
    void api
      .download(reconTemplateRoute, { channel })
      .then((blob) => saveBlob(blob, templateFileName(channel)))
      .catch((error: Error) => void message.error(error.message));
  return (
    <Space size={4}>
      {channels.map((channel) => (
        <Button key={channel} icon={<DownloadOutlined />} onClick={() => download(channel)}>
          {RECON_CHANNEL_NAMES[channel]}模板
        </Button>
      ))}
    </Space>
  );
}
