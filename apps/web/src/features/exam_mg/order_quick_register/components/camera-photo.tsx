import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';

/** The photo's size: an ID photo's proportions, small enough for the save's 400 kB limit as JPEG. */
const WIDTH = 300;
const HEIGHT = 375;

/** The error name acquire() gives when the page is not a secure context. */
const INSECURE = 'InsecureContextError';

/** Why a camera cannot be used, in the words the clerk needs (what to do about it). */
export function cameraProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === INSECURE) return INSECURE_MESSAGE;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return '浏览器未允许使用摄像头：请点击地址栏左侧的摄像头图标，选择“允许”后重试';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return '未检测到摄像头，请连接摄像头后重试';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError') {
    return '摄像头正被其他程序占用，请关闭占用摄像头的程序后重试';
  }
  return `无法打开摄像头：${(error as Error | null)?.message ?? '未知错误'}`;
}

/** Without https (or localhost) the browser hides the camera altogether (navigator.mediaDevices is absent). */
export const INSECURE_MESSAGE =
  '当前页面不是安全连接（https 或本机 localhost），浏览器不允许使用摄像头：请使用 https 地址打开本系统（见部署说明）';

/** The current frame of the video as base64 JPEG (no data: prefix), as the card reader gives its photo. */
function frameOf(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器无法截取照片');
  // Cut the middle of the frame to the photo's proportions.
  const sourceWidth = video.videoWidth || WIDTH;
  const sourceHeight = video.videoHeight || HEIGHT;
  const scale = Math.min(sourceWidth / WIDTH, sourceHeight / HEIGHT);
  const cutWidth = WIDTH * scale;
  const cutHeight = HEIGHT * scale;
  context.drawImage(
    video,
    (sourceWidth - cutWidth) / 2,
    (sourceHeight - cutHeight) / 2,
    cutWidth,
    cutHeight,
    0,
    0,
    WIDTH,
    HEIGHT,
  );
  return canvas.toDataURL('image/jpeg', 0.85).replace(/^data:image\/jpeg;base64,/, '');
}

/**
 * 拍照 (issue 19): the examinee's photo from a camera beside the ID card's — take, retake, switch
 * camera, then use it. The stream stops as the window closes.
 */
export function CameraPhotoButton({ onTaken }: { onTaken: (base64Jpeg: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" style={{ marginBottom: 4, width: 88 }} onClick={() => setOpen(true)}>
        拍照
      </Button>
      {open && (
        <CameraDialog
          onClose={() => setOpen(false)}
          onUse={(photo) => {
            onTaken(photo);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/** Plays the stream in the video element (whichever of the two is ready last does it). */
function show(element: HTMLVideoElement | null, media: MediaStream | null) {
  if (!element || !media || element.srcObject === media) return;
  element.srcObject = media;
  // jsdom and a browser that blocks autoplay answer nothing or a refusal; the frame still shows once playing.
  void Promise.resolve(element.play?.()).catch(() => undefined);
}

function CameraDialog({ onClose, onUse }: { onClose: () => void; onUse: (photo: string) => void }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraIndex, setCameraIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  /** Opens the camera (a given one, or the browser's choice) into the video; answers the cameras there are. */
  const acquire = useCallback(
    async (deviceId?: string): Promise<MediaDeviceInfo[]> => {
      stop();
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (!window.isSecureContext || !media?.getUserMedia) throw Object.assign(new Error(), { name: INSECURE });
      const opened = await media.getUserMedia({
        video: deviceId ? { deviceId: { exact: deviceId } } : { width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      stream.current = opened;
      show(video.current, opened);
      // Labels and the list are complete only once permission is given.
      return (await media.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    },
    [stop],
  );

  const run = useCallback(
    (deviceId?: string) =>
      acquire(deviceId).then(
        (found) => {
          setCameras(found);
          setStarting(false);
        },
        (error: unknown) => {
          setProblem(cameraProblem(error));
          setStarting(false);
        },
      ),
    [acquire],
  );

  useEffect(() => {
    void run();
    return stop;
  }, [run, stop]);

  const switchCamera = () => {
    const next = (cameraIndex + 1) % cameras.length;
    setCameraIndex(next);
    setTaken(null);
    setProblem(null);
    setStarting(true);
    void run(cameras[next]!.deviceId);
  };

  const take = () => {
    try {
      if (video.current) setTaken(frameOf(video.current));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Modal
      open
      title="拍照"
      width={420}
      onCancel={() => {
        stop();
        onClose();
      }}
      footer={
        <Space>
          <Button disabled={cameras.length < 2 || starting} onClick={switchCamera}>
            切换摄像头{cameras.length > 1 ? `（${cameraIndex + 1}/${cameras.length}）` : ''}
          </Button>
          {taken ? (
            <>
              <Button onClick={() => setTaken(null)}>重拍</Button>
              <Button
                type="primary"
                onClick={() => {
                  stop();
                  onUse(taken);
                }}
              >
                使用此照片
              </Button>
            </>
          ) : (
            <Button type="primary" disabled={!!problem || starting} onClick={take}>
              拍照
            </Button>
          )}
        </Space>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} />}
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <video
          ref={(element) => {
            video.current = element;
            show(element, stream.current);
          }}
          aria-label="摄像头画面"
          muted
          playsInline
          style={{ width: WIDTH, height: HEIGHT, objectFit: 'cover', background: '#000', display: taken ? 'none' : '' }}
        />
        {taken && <img alt="拍摄的照片" src={`data:image/jpeg;base64,${taken}`} width={WIDTH} height={HEIGHT} />}
      </div>
    </Modal>
  );
}
