import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, message, Popover, Spin } from 'antd';
import { useRef, useState, type ReactNode } from 'react';

export const MISSING_UNIQUE_KEY_WARNING = '请传递unique_key!';

export interface FunctionHelpIconProps {
  /** Identifies the function whose help is shown (the help document's unique_key). */
  uniqueKey?: string;
  /** Supplies the help for a key; the caller does any fetching (libs/ui makes no business calls). */
  loadHelp: (uniqueKey: string) => ReactNode | Promise<ReactNode>;
  /** UI feedback is injected (STYLE.md habit 5); antd's message.warning by default. */
  warn?: (text: string) => void;
  title?: ReactNode;
}

type HelpState = { status: 'loading' } | { status: 'ready'; content: ReactNode } | { status: 'failed' };

const defaultWarn = (text: string) => void message.warning(text);

/** spec §5: a question-mark icon showing a function's help; without a key it only warns. */
export function FunctionHelpIcon({
  uniqueKey,
  loadHelp,
  warn = defaultWarn,
  title = '功能说明',
}: FunctionHelpIconProps) {
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState<HelpState>({ status: 'loading' });
  const latestRequest = useRef(0);

  const show = async (key: string) => {
    const request = ++latestRequest.current;
    setHelp({ status: 'loading' });
    setOpen(true);
    try {
      const content = await loadHelp(key);
      if (request === latestRequest.current) setHelp({ status: 'ready', content });
    } catch {
      if (request === latestRequest.current) setHelp({ status: 'failed' });
    }
  };

  const onOpenChange = (next: boolean) => {
    if (!next) setOpen(false);
    else if (!uniqueKey) warn(MISSING_UNIQUE_KEY_WARNING);
    else void show(uniqueKey);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      title={title}
      content={
        <div style={{ maxWidth: 360, maxHeight: '50vh', overflow: 'auto' }}>
          {help.status === 'loading' && <Spin size="small" />}
          {help.status === 'failed' && '帮助内容加载失败'}
          {help.status === 'ready' && (help.content ?? '暂无帮助内容')}
        </div>
      }
    >
      <Button type="text" size="small" aria-label="功能帮助" icon={<QuestionCircleOutlined />} />
    </Popover>
  );
}
