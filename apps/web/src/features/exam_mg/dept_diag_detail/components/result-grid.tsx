import type { KeyboardEvent } from 'react';
import { Input, Tag } from 'antd';
import { ABNORMAL_ARROWS, type DeptDiagnosisView } from '@checkup/api-contract';
import { judgeItem } from '../entry-state';
import styles from '../dept-diag-detail.module.css';

const RESULT_INPUT = 'data-result-input';

interface Props {
  view: DeptDiagnosisView;
  results: Record<string, string>;
  readOnly: boolean;
  onChange: (itemId: number, value: string) => void;
  /** Enter on the last result: the caller focuses its save button. */
  onPastLast: () => void;
}

/**
 * Result entry, item by item (issue 7): the reference range and the arrow of the live verdict
 * beside each input, critical values in red. Enter moves to the next input.
 */
export function ResultGrid({ view, results, readOnly, onChange, onPastLast }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !target.hasAttribute(RESULT_INPUT)) return;
    event.preventDefault();
    const inputs = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[${RESULT_INPUT}]`)];
    const next = inputs[inputs.indexOf(target as HTMLInputElement) + 1];
    if (next) {
      next.focus();
      next.select();
    } else onPastLast();
  };

  return (
    <table className={styles.grid} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          <th style={{ width: '22%' }}>项目</th>
          <th style={{ width: '30%' }}>结果</th>
          <th>提示</th>
          <th>单位</th>
          <th>参考范围</th>
        </tr>
      </thead>
      <tbody>
        {view.unions.map((union) => [
          <tr key={`u${union.union_id}`} className={styles.union}>
            <td colSpan={5}>{union.union_name}</td>
          </tr>,
          ...union.items.map((item) => {
            const value = results[item.item_id] ?? '';
            const verdict = judgeItem(item, value);
            const mark = verdict.critical ? styles.critical : verdict.flag ? styles.abnormal : undefined;
            return (
              <tr key={item.item_id} className={verdict.critical ? styles.criticalRow : undefined}>
                <td>{item.item_name}</td>
                <td>
                  <Input
                    size="small"
                    aria-label={item.item_name}
                    {...{ [RESULT_INPUT]: '' }}
                    value={value}
                    placeholder={item.normal_text ?? ''}
                    readOnly={readOnly}
                    status={verdict.critical ? 'error' : verdict.flag ? 'warning' : undefined}
                    onChange={(e) => onChange(item.item_id, e.target.value)}
                  />
                </td>
                <td className={mark} data-testid={`verdict-${item.item_id}`}>
                  {ABNORMAL_ARROWS[verdict.flag]}
                  {verdict.critical && (
                    <Tag color="red" style={{ marginLeft: 4 }}>
                      危急值
                    </Tag>
                  )}
                </td>
                <td>{item.unit ?? ''}</td>
                <td>{item.ref_range || item.normal_text || ''}</td>
              </tr>
            );
          }),
        ])}
      </tbody>
    </table>
  );
}
