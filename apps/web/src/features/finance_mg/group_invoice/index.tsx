import { invoiceResource } from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { INVOICE_STATE_FILTER, invoiceColumns } from '../shared/invoices/invoice-columns';
import { InvoiceRowActions } from '../shared/invoices/invoice-row-actions';

const SCOPE = { scope: 'group' };

/**
 * 团体发票 (finance_mg/group_invoice, breadth §3.2): the group invoices issued from 开票申请 or by the
 * HIS, with their order and company; 重打, and 作废 of those not standing for an application (an
 * application's invoice changes by its 换票).
 */
export default function GroupInvoice() {
  return (
    <ResourceList
      resource={invoiceResource}
      title="团体发票"
      scope={SCOPE}
      filters={[
        { name: 'invoice_no', kind: 'search', label: '发票号', placeholder: '发票号，回车', width: 150 },
        { name: 'title', kind: 'search', label: '抬头', placeholder: '抬头，回车', width: 150 },
        INVOICE_STATE_FILTER,
        { kind: 'days', label: '开票日期' },
      ]}
      columns={invoiceColumns(true)}
      rowActions={(row) => <InvoiceRowActions row={row} />}
      actionsWidth={120}
    />
  );
}
