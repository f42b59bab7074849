import { Button, Modal, Space } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import Draggable, { type DraggableData, type DraggableEvent } from 'react-draggable';

/** 'save': opened while saving project results, so saving past the correction is offered. */
export type AiCorrectionDialogMode = 'view' | 'save';

export interface AiCorrectionDialogProps {
  open: boolean;
  /** When the correction was generated, shown as given. */
  generatedAt?: ReactNode;
  /** Rich-text correction from the AI service; sanitised before it is shown. */
  content?: string;
  mode?: AiCorrectionDialogMode;
  title?: ReactNode;
  /** Busy state of the refresh button while the caller fetches a new correction. */
  refreshing?: boolean;
  onHandled?: () => void;
  onRefresh?: () => void;
  onClose: () => void;
  onSaveIgnoring?: () => void;
}

export const AI_CORRECTION_DIALOG_WIDTH = 500;
const TITLE_CLASS = 'checkup-ai-correction-dialog__title';

export function sanitizeCorrectionHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Keeps the dialog inside the viewport while dragging (antd's draggable-modal demo). */
function useViewportBounds() {
  const nodeRef = useRef<HTMLDivElement>(null);
  const [bounds, setBounds] = useState({ left: 0, top: 0, right: 0, bottom: 0 });
  const onStart = (_event: DraggableEvent, ui: DraggableData) => {
    const rect = nodeRef.current?.getBoundingClientRect();
    if (!rect) return;
    const { clientWidth, clientHeight } = document.documentElement;
    setBounds({
      left: -rect.left + ui.x,
      right: clientWidth - (rect.right - ui.x),
      top: -rect.top + ui.y,
      bottom: clientHeight - (rect.bottom - ui.y),
    });
  };
  return { nodeRef, bounds, onStart };
}

/**
 * spec §2.2: AI correction reminder. Draggable by its title, 500 px, non-modal (no mask, the page
 * behind stays clickable and focusable), no close icon, and neither Esc nor an outside click closes it.
 */
export function AiCorrectionDialog({
  open,
  generatedAt,
  content = '',
  mode = 'view',
  title = 'AI纠错提醒',
  refreshing = false,
  onHandled,
  onRefresh,
  onClose,
  onSaveIgnoring,
}: AiCorrectionDialogProps) {
  const { nodeRef, bounds, onStart } = useViewportBounds();
  const safeHtml = useMemo(() => sanitizeCorrectionHtml(content), [content]);

  return (
    <Modal
      open={open}
      width={AI_CORRECTION_DIALOG_WIDTH}
      title={
        <div className={TITLE_CLASS} style={{ cursor: 'move', userSelect: 'none' }}>
          {title}
        </div>
      }
      closable={false}
      mask={{ enabled: false, closable: false }}
      keyboard={false}
      focusable={{ trap: false }}
      // The full-screen wrapper would otherwise swallow clicks meant for the page behind.
      styles={{ wrapper: { pointerEvents: 'none' } }}
      rootClassName="checkup-ai-correction-dialog"
      modalRender={(modal) => (
        <Draggable handle={`.${TITLE_CLASS}`} nodeRef={nodeRef} bounds={bounds} onStart={onStart}>
          <div ref={nodeRef}>{modal}</div>
        </Draggable>
      )}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Button type="link" style={{ paddingInline: 0 }} onClick={onHandled}>
            已处理异常
          </Button>
          <Space wrap>
            <Button type="primary" loading={refreshing} onClick={onRefresh}>
              获取最新数据AI纠错
            </Button>
            {mode === 'save' && <Button onClick={onSaveIgnoring}>忽略纠错保存项目结果</Button>}
            <Button onClick={onClose}>关闭</Button>
          </Space>
        </div>
      }
    >
      <div>生成时间：{generatedAt ?? '-'}</div>
      <div
        className="checkup-ai-correction-dialog__content"
        style={{ maxHeight: '50vh', overflow: 'auto', marginTop: 8 }}
        dangerouslySetInnerHTML={{ __html: safeHtml }}
      />
    </Modal>
  );
}
