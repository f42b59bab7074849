import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import {
  FingerprintClient,
  type FingerprintCapture,
  type FingerprintMatch,
} from '../fingerprint/fingerprint-client.js';
import { FingerprintSession } from './fingerprint-session.js';

/** spec §2 dialog page types. */
export type FingerprintPageType = 'order_detail' | 'dept_detail';

export interface FingerprintDialogProps {
  open: boolean;
  pageType: FingerprintPageType;
  onClose: () => void;
  /** order_detail: the registered template the capture is compared with. */
  registeredTemplate?: string;
  /** order_detail: the registered fingerprint image (fingerprint_img_url). */
  registeredImageUrl?: string;
  /** dept_detail: the new template, for the page to save. */
  onEnrolled?: (capture: FingerprintCapture) => void;
  /** order_detail: the capture and its comparison. */
  onCompared?: (result: { capture: FingerprintCapture; match: FingerprintMatch }) => void;
  matchThreshold?: number;
  /** The device client; by default one over the browser's WebSocket to ws://127.0.0.1:21187/fps. */
  client?: FingerprintClient;
}

/** The fingerprint dialog: dept_detail registers a template, order_detail captures and compares (spec §2, §4). */
export function FingerprintDialog({
  open,
  pageType,
  onClose,
  client: given,
  matchThreshold,
  ...rest
}: FingerprintDialogProps) {
  const [client] = useState(() => given ?? new FingerprintClient({ matchThreshold }));
  const enrolling = pageType === 'dept_detail';
  // The modal keeps its content through the closing animation; the device is released at once.
  useEffect(() => {
    if (!open) client.close();
  }, [open, client]);
  return (
    <Modal
      open={open}
      title={enrolling ? '指纹注册' : '指纹比对'}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={null}
    >
      {open && <FingerprintSession client={client} enrolling={enrolling} onClose={onClose} {...rest} />}
    </Modal>
  );
}
