import { useRef } from 'react';
import { App } from 'antd';
import { REVIEW_STEP_RULES, type ReviewStep } from '@checkup/api-contract';

/**
 * 通过 asks first (issue 20): one confirmation at a time — a second click while it is open, or while
 * the pass runs, does nothing; the OK button spins until the call is answered, and the dialog closes
 * then, whatever the answer (the caller shows it).
 */
export function useConfirmedPass() {
  const { modal } = App.useApp();
  const open = useRef(false);
  return (step: ReviewStep, run: () => Promise<unknown>) => {
    if (open.current) return;
    open.current = true;
    const { label } = REVIEW_STEP_RULES[step];
    modal.confirm({
      title: `确认${label}通过？`,
      content: step === 'final' ? '终审通过后报告可打印。' : `通过后订单进入下一级审核，本人不能再审核该订单的下一级。`,
      okText: '确认通过',
      cancelText: '取消',
      onOk: () =>
        run()
          .catch(() => undefined)
          .finally(() => {
            open.current = false;
          }),
      onCancel: () => {
        open.current = false;
      },
    });
  };
}
