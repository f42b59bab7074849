import { DEFAULT_CARD_READER_PARAM } from '@checkup/api-contract';
import { App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { FingerprintClient } from '../fingerprint/fingerprint-client.js';
import type { IdCardResult } from '../id-card/id-card-answer.js';
import { IdCardReader } from '../id-card/id-card-reader.js';
import { LocalPrintClient } from '../print/local-print-client.js';
import { FingerprintDialog, type FingerprintPageType } from '../react/fingerprint-dialog.js';
import { IdCardReadButton } from '../react/id-card-read-button.js';

/** Where the simulators (or real helpers) are; the e2e puts them on free ports and passes them in the query. */
export interface DemoAddresses {
  idCardBase: string;
  fingerprintUrl: string;
  printServiceUrls: string[];
  printHelperUrl: string;
}

/** A page that mounts the device components outside the product, for `npm run devices` and the e2e. */
export function DeviceDemo({ addresses }: { addresses: DemoAddresses }) {
  const { message } = App.useApp();
  const [clients] = useState(() => ({
    reader: new IdCardReader({
      loadParameter: async () => ({
        cardReaderCfg: {
          ...DEFAULT_CARD_READER_PARAM.cardReaderCfg,
          exe: { checked: true, value: addresses.idCardBase },
        },
      }),
    }),
    fingerprint: new FingerprintClient({ url: addresses.fingerprintUrl }),
    print: new LocalPrintClient({
      printServiceUrls: addresses.printServiceUrls,
      printHelperUrl: addresses.printHelperUrl,
    }),
  }));
  const [card, setCard] = useState<IdCardResult | null>(null);
  const [dialog, setDialog] = useState<FingerprintPageType | null>(null);
  const [template, setTemplate] = useState('');
  const [controls, setControls] = useState<string[] | null>(null);

  const checkControls = async () => {
    const check = await clients.print.checkPrintControls();
    setControls(check.missing.length ? check.missing.map((m) => m.message) : ['打印控件均已就绪']);
  };
  const print = async () => {
    const result = await clients.print.printWord([new URL('index.html', location.href).href], '演示打印机');
    if (!result.ok) void message.error(result.message);
    else void message[result.data.level](result.data.message);
  };

  return (
    <Space orientation="vertical" style={{ padding: 24, width: 720 }}>
      <Card title="身份证读卡">
        <IdCardReadButton reader={clients.reader} onRead={setCard} />
        {card && <pre data-testid="id-card">{JSON.stringify({ ...card, base_img: undefined }, null, 2)}</pre>}
      </Card>
      <Card title="指纹">
        <Space>
          <Button onClick={() => setDialog('dept_detail')}>登记指纹</Button>
          <Button onClick={() => setDialog('order_detail')}>比对指纹</Button>
        </Space>
        <FingerprintDialog
          open={dialog !== null}
          pageType={dialog ?? 'dept_detail'}
          client={clients.fingerprint}
          registeredTemplate={template}
          onEnrolled={(capture) => setTemplate(capture.template)}
          onClose={() => setDialog(null)}
        />
      </Card>
      <Card title="本地打印">
        <Space>
          <Button onClick={() => void checkControls()}>检查打印控件</Button>
          <Button onClick={() => void print()}>打印本页</Button>
        </Space>
        {controls && <Typography.Paragraph data-testid="print-controls">{controls.join('；')}</Typography.Paragraph>}
      </Card>
    </Space>
  );
}
