import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { fetchReportPdf } from './api/report-pdf';

type Preview = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/**
 * The report inside the page (spec §9: preview opens as a dialog): a blob URL of the PDF in an
 * iframe. Give it a key of the order id, so another report starts from loading.
 */
export function ReportPreviewFrame({ orderId, height = '72vh' }: { orderId: string; height?: string }) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchReportPdf(orderId).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview({ state: 'ready', url });
      },
      (err: Error) => live && setPreview({ state: 'failed', message: err.message }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId]);

  if (preview.state === 'loading')
    return <Spin tip="正在生成报告…" style={{ display: 'block', margin: '48px auto' }} />;
  if (preview.state === 'failed') return <Alert type="error" showIcon message={preview.message} />;
  return <iframe title={`体检报告 ${orderId}`} src={preview.url} style={{ width: '100%', height, border: 0 }} />;
}

export function ReportPreviewDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  return (
    <Modal
      title={orderId ? `报告预览 · ${orderId}` : '报告预览'}
      open={orderId !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {orderId && <ReportPreviewFrame key={orderId} orderId={orderId} />}
    </Modal>
  );
}
