import { useState } from 'react';
import { App, Button } from 'antd';
import { invoiceReprintRoute, invoiceVoidRoute, type InvoiceRow } from '@checkup/api-contract';
import { ReasonDialog } from '../reason-dialog';
import { printInvoice, useInvoiceWrite } from './invoice-api';

/** 重打 (the count goes up, then the PDF) and 作废 with the reason, for an issued invoice. */
export function InvoiceRowActions({ row }: { row: InvoiceRow }) {
  const { message } = App.useApp();
  const [voiding, setVoiding] = useState(false);
  const reprint = useInvoiceWrite(invoiceReprintRoute);
  const voidIt = useInvoiceWrite(invoiceVoidRoute);
  const failed = (err: Error) => void message.error(err.message);
  if (row.state !== 'issued') return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        loading={reprint.isPending}
        onClick={() =>
          reprint.mutate(
            { id: row.id },
            {
              onSuccess: (r) => {
                void message.success(`第${r.print_count}次打印`);
                printInvoice(row.id, row.invoice_no).catch(failed);
              },
              onError: failed,
            },
          )
        }
      >
        重打
      </Button>
      <Button type="link" size="small" danger onClick={() => setVoiding(true)}>
        作废
      </Button>
      <ReasonDialog
        title={`作废 · ${row.invoice_no}`}
        open={voiding}
        pending={voidIt.isPending}
        onClose={() => setVoiding(false)}
        onConfirm={(reason) =>
          voidIt.mutate(
            { id: row.id, reason },
            {
              onSuccess: () => {
                void message.success('已作废');
                setVoiding(false);
              },
              onError: failed,
            },
          )
        }
      />
    </>
  );
}
