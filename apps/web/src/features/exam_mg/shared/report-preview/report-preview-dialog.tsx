import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { fetchReportPdf } from './api/report-pdf';

/** Where the PDF comes from: by default the visit's own report (print_rpt's call). */
export type LoadPdf = (orderId: string) => Promise<Blob>;

type Preview = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/**
 * The report inside the page (spec §9: preview opens as a dialog): a blob URL of the PDF in an
 * iframe. Give it a key of the order id, so another report starts from loading.
 */
export function ReportPreviewFrame({
  orderId,
  height = '72vh',
  load = fetchReportPdf,
}: {
  orderId: string;
  height?: string;
  load?: LoadPdf;
}) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    load(orderId).then(
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
  }, [orderId, load]);

  if (preview.state === 'loading')
    return <Spin tip="正在生成报告…" style={{ display: 'block', margin: '48px auto' }} />;
  if (preview.state === 'failed') return <Alert type="error" showIcon message={preview.message} />;
  return <iframe title={`体检报告 ${orderId}`} src={preview.url} style={{ width: '100%', height, border: 0 }} />;
}

export function ReportPreviewDialog({
  orderId,
  onClose,
  load,
}: {
  orderId: string | null;
  onClose: () => void;
  load?: LoadPdf;
}) {
  return (
    <Modal
      title={orderId ? `报告预览 · ${orderId}` : '报告预览'}
      open={orderId !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {orderId && <ReportPreviewFrame key={orderId} orderId={orderId} load={load} />}
    </Modal>
  );
}
