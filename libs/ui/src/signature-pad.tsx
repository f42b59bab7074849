import { useEffect, useRef } from 'react';
import { Button, Space } from 'antd';
import SignaturePad from 'signature_pad';

export interface SignaturePadHandle {
  isEmpty: () => boolean;
  toFile: () => Promise<File>;
}

/**
 * Someone signs on screen with a finger, a pen or the mouse (signature_pad handles pointer events):
 * the examinee for 弃检, the collector for 领取. The drawing leaves as a PNG file for the one upload path.
 */
export function SignatureCanvas({
  onReady,
  label = '体检者签名区',
}: {
  onReady: (handle: SignaturePadHandle | null) => void;
  /** What a screen reader (and a test) calls the canvas. */
  label?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    // Drawn at the screen's pixel density, so the signature stays sharp on a tablet.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio || 480;
    element.height = element.offsetHeight * ratio || 180;
    element.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    onReady({
      isEmpty: () => signature.isEmpty(),
      toFile: () =>
        new Promise<File>((resolve, reject) =>
          element.toBlob(
            (blob) =>
              blob
                ? resolve(new File([blob], 'signature.png', { type: 'image/png' }))
                : reject(new Error('签名图片生成失败')),
            'image/png',
          ),
        ),
    });
    return () => {
      signature.off();
      pad.current = null;
      onReady(null);
    };
  }, [onReady]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        aria-label={label}
        style={{ width: '100%', height: 180, border: '1px dashed #999', touchAction: 'none', background: '#fff' }}
      />
      <Button size="small" onClick={() => pad.current?.clear()}>
        重写
      </Button>
    </Space>
  );
}
