import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import {
  APPLY_INVOICE_SCREEN,
  INVOICE_AUDIT_ACCESS,
  INVOICE_ISSUE_ACCESS,
  INVOICE_MOVE_KEYS,
  INVOICE_MOVES,
  invoiceApplicationAuditRoute,
  invoiceApplicationIssueRoute,
  invoiceApplicationMoveRoute,
  mayUse,
  MOVE_NEEDS_NOTE,
  MOVE_NEEDS_NUMBER,
  moveAllowed,
  type InvoiceApplicationRow,
  type InvoiceMove,
  type InvoiceMoveAccess,
} from '@checkup/api-contract';
import { useUserInfo } from '../../session/api/get-user-info';
import { useInvoiceWrite } from '../shared/invoices/invoice-api';

const ACCESS: Record<InvoiceMoveAccess, string> = {
  apply: APPLY_INVOICE_SCREEN,
  audit: INVOICE_AUDIT_ACCESS,
  issue: INVOICE_ISSUE_ACCESS,
};

/** The moves this account may make on an application in its state (breadth §3.2), as the server allows. */
export function useMoves() {
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  return (state: number) =>
    INVOICE_MOVE_KEYS.filter(
      (move) => moveAllowed(move, state) && mayUse(ACCESS[INVOICE_MOVES[move].access], roleMenu),
    );
}

function MoveDialog(props: { row: InvoiceApplicationRow; move: InvoiceMove; onClose(): void }) {
  const { row, move, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string; invoice_no?: string }>();
  const applicant = useInvoiceWrite(invoiceApplicationMoveRoute);
  const auditor = useInvoiceWrite(invoiceApplicationAuditRoute);
  const issuer = useInvoiceWrite(invoiceApplicationIssueRoute);
  const label = INVOICE_MOVES[move].label;
  const needsNumber = MOVE_NEEDS_NUMBER.has(move);
  const pending = applicant.isPending || auditor.isPending || issuer.isPending;

  const submit = (v: { note?: string; invoice_no?: string }) => {
    const input = { id: row.id, version: row.version, note: v.note?.trim(), invoice_no: v.invoice_no?.trim() };
    const done = {
      onSuccess: () => {
        void message.success(`${label}成功`);
        onClose();
      },
      onError: (err: Error) => void message.error(err.message),
    };
    const access = INVOICE_MOVES[move].access;
    if (access === 'apply') applicant.mutate({ ...input, action: move as 'exchange_apply' }, done);
    else if (access === 'audit') auditor.mutate({ ...input, action: move as 'audit' }, done);
    else issuer.mutate({ ...input, action: move as 'issue' }, done);
  };

  return (
    <Modal
      open
      title={`${label}：${row.company_name} ${row.order_no}（¥${row.amount}）`}
      okText={`确认${label}`}
      cancelText="返回"
      okButtonProps={{ loading: pending, danger: move === 'reject' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        {row.invoice_no && move === 'exchange' && <p>原发票号：{row.invoice_no}</p>}
        {needsNumber && (
          <Form.Item
            name="invoice_no"
            label={move === 'exchange' ? '新发票号' : '发票号'}
            rules={[{ required: true, whitespace: true, message: '请填写发票号' }]}
          >
            <Input aria-label="发票号" maxLength={32} />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={move === 'exchange_apply' ? '换票原因' : '说明'}
          rules={MOVE_NEEDS_NOTE.has(move) ? [{ required: true, whitespace: true, message: '请填写换票原因' }] : []}
        >
          <Input.TextArea aria-label={move === 'exchange_apply' ? '换票原因' : '说明'} rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** An application's move buttons: only the moves its state allows and this account holds. */
export function MoveButtons({ row }: { row: InvoiceApplicationRow }) {
  const movesOf = useMoves();
  const [moving, setMoving] = useState<InvoiceMove | null>(null);
  return (
    <>
      {movesOf(row.state).map((move) => (
        <Button key={move} type="link" size="small" danger={move === 'reject'} onClick={() => setMoving(move)}>
          {INVOICE_MOVES[move].label}
        </Button>
      ))}
      {moving && <MoveDialog row={row} move={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
