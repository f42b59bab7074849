import { IdcardOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { CardReaderParamLoader } from '../id-card/card-reader-param.js';
import type { IdCardResult } from '../id-card/id-card-answer.js';
import { IdCardReader, type IdCardReaderState } from '../id-card/id-card-reader.js';
import type { IdCardErrorCode } from '../id-card/messages.js';
import { deviceImageSrc } from './image-src.js';

/** What the staff see while a read is under way (spec §4 reader states). */
export const ID_CARD_STATE_TEXT: Record<IdCardReaderState, string> = {
  not_initialised: '读卡器未初始化',
  initialising: '正在读取身份证参数设置…',
  initialised: '读卡器已就绪',
  open: '正在读卡，请将身份证放在读卡器上…',
  closed: '读卡器已关闭',
};

export type IdCardReadButtonProps = {
  onRead: (card: IdCardResult) => void;
  onError?: (message: string, error: IdCardErrorCode) => void;
  label?: ReactNode;
} & (
  | { /** Loads parameter 0110; the button then reads through window.fetch. */ loadParameter: CardReaderParamLoader }
  | { /** A reader set up by the page (tests pass one over a fake helper). */ reader: IdCardReader }
);

type Outcome = { kind: 'card'; card: IdCardResult } | { kind: 'error'; error: IdCardErrorCode; message: string } | null;

/** The ID-card read flow: one click reads a card, shows the reader's progress, hands the card on or explains why not. */
export function IdCardReadButton(props: IdCardReadButtonProps) {
  const { onRead, onError, label = '读取身份证' } = props;
  const [reader] = useState(() =>
    'reader' in props ? props.reader : new IdCardReader({ loadParameter: props.loadParameter }),
  );
  const [state, setState] = useState<IdCardReaderState>(reader.state);
  const [reading, setReading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    const unsubscribe = reader.onStateChange(setState);
    return () => {
      unsubscribe();
      reader.cancel();
    };
  }, [reader]);

  const read = async () => {
    setOutcome(null);
    setReading(true);
    const result = await reader.read();
    setReading(false);
    if (result.ok) {
      setOutcome({ kind: 'card', card: result.data });
      onRead(result.data);
    } else if (result.error !== 'cancelled') {
      setOutcome({ kind: 'error', error: result.error, message: result.message });
      onError?.(result.message, result.error);
    }
  };

  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        <Button icon={<IdcardOutlined />} loading={reading} onClick={() => void read()}>
          {label}
        </Button>
        {reading && (
          <>
            <Typography.Text type="secondary">{ID_CARD_STATE_TEXT[state]}</Typography.Text>
            <Button type="link" onClick={() => reader.cancel()}>
              取消读卡
            </Button>
          </>
        )}
      </Space>
      {outcome?.kind === 'error' && (
        <Alert showIcon type={outcome.error === 'param_missing' ? 'warning' : 'error'} title={outcome.message} />
      )}
      {outcome?.kind === 'card' && (
        <Space>
          {outcome.card.base_img && (
            <img src={deviceImageSrc(outcome.card.base_img)} alt="身份证照片" width={32} height={40} />
          )}
          <Typography.Text type="success">已读取：{outcome.card.cust_name}</Typography.Text>
        </Space>
      )}
    </Space>
  );
}
