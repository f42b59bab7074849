import { Modal, Spin, Typography } from 'antd';
import { useAbout } from '../api/get-about';
import { AboutView } from './about-view';

/** The header's 关于本系统: what every signed-in user may read of the product and its licence. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const about = useAbout(open);
  return (
    <Modal title="关于本系统" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {about.isError && <Typography.Text type="danger">{about.error.message}</Typography.Text>}
      {about.data ? <AboutView about={about.data} /> : !about.isError && <Spin />}
    </Modal>
  );
}
