import { useEffect, useState } from 'react';
import { Button, Modal, Spin } from 'antd';
import { execSignatureRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 查看签名: the examinee's 弃检 signature, fetched with the session like any call. */
export function SignatureViewButton({ fileId }: { fileId: number }) {
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    let url: string | null = null;
    api
      .download(execSignatureRoute, { id: fileId })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch((err: Error) => setError(err.message));
    return () => {
      if (url) URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [open, fileId]);

  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        查看签名
      </Button>
      <Modal title="体检者弃检签名" open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {error ?? (src ? <img src={src} alt="弃检签名" style={{ width: '100%' }} /> : <Spin />)}
      </Modal>
    </>
  );
}
