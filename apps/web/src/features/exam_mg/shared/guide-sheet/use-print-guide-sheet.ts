import { useState } from 'react';
import { App } from 'antd';
import { usePrintSettings } from '../../../../lib/workstation/use-print-settings';
import { printGuideSheet } from './print-guide-sheet';

/** Prints (or, with the print service down, downloads) a guide sheet and says how it went (spec §8). */
export function usePrintGuideSheet(print = printGuideSheet) {
  const { message } = App.useApp();
  const [printing, setPrinting] = useState(false);
  const printSettings = usePrintSettings();

  const run = async (orderId: string) => {
    setPrinting(true);
    try {
      const result = await print(orderId, await printSettings());
      if (!result.ok) void message.error(result.message);
      else if (result.data.kind === 'downloaded') void message.warning(result.data.message);
      else void message[result.data.batch.level](result.data.batch.message);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setPrinting(false);
    }
  };
  return { print: run, printing };
}
