import type { KeyboardEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { ABNORMAL_ARROWS, GENERAL_EXAM_CODES, type DeptDiagnosisView } from '@checkup/api-contract';
import { isComputed, isRecordedLine, judgeItem, pressureGrade } from '../entry-state';
import styles from '../dept-diag-detail.module.css';

const RESULT_INPUT = 'data-result-input';

type Union = DeptDiagnosisView['unions'][number];

interface Props {
  view: DeptDiagnosisView;
  results: Record<string, string>;
  readOnly: boolean;
  onChange: (itemId: number, value: string) => void;
  /** Enter on the last result: the caller focuses its save button. */
  onPastLast: () => void;
}

/** Who set a 弃检/迟检/拒检 state, when and why, as far as the line records it. */
function execNote(union: Union) {
  return [
    union.exec_by_name,
    union.exec_at ? dayjs(union.exec_at).format('YYYY-MM-DD HH:mm') : null,
    union.exec_reason ? `原因：${union.exec_reason}` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

const GRADE_COLORS: Record<string, string> = { 正常血压: 'success', 正常高值: 'warning' };

/**
 * Result entry, item by item (issue 7): the reference range and the arrow of the live verdict
 * beside each input, critical values in red. Enter moves to the next input a doctor types (the
 * computed BMI is skipped: 身高→体重→收缩压→舒张压→…). Issue 19: a line that is not done today
 * (弃检/迟检/拒检) shows its state and stays read-only; a text item offers its sign words (体征词); the
 * general exam shows BMI and the blood-pressure grade as the doctor types.
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
  const grade = pressureGrade(view, results);

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
        {view.unions.map((union) => {
          const recorded = isRecordedLine(union);
          return [
            <tr key={`u${union.union_id}`} className={styles.union}>
              <td colSpan={5}>
                {union.union_name}
                {!recorded && (
                  <>
                    <Tag color="default" style={{ marginLeft: 8 }} data-testid={`exec-${union.union_id}`}>
                      {union.exec_label}
                    </Tag>
                    <span className={styles.execNote}>{execNote(union)}</span>
                  </>
                )}
                {union.exec_state === '5' && (
                  <Tag color="processing" style={{ marginLeft: 8 }}>
                    {union.exec_label}
                  </Tag>
                )}
              </td>
            </tr>,
            ...union.items.map((item) => {
              const value = recorded ? (results[item.item_id] ?? '') : (item.result_value ?? '');
              const verdict = judgeItem(item, value);
              const mark = verdict.critical ? styles.critical : verdict.flag ? styles.abnormal : undefined;
              const computed = isComputed(item);
              const typed = recorded && !computed;
              const words = typed && !readOnly ? item.sign_words : [];
              return (
                <tr key={item.item_id} className={verdict.critical ? styles.criticalRow : undefined}>
                  <td>{item.item_name}</td>
                  <td>
                    <div style={{ display: 'flex', gap: 4 }}>
                      <Input
                        size="small"
                        aria-label={item.item_name}
                        {...(typed ? { [RESULT_INPUT]: '' } : {})}
                        value={value}
                        placeholder={recorded ? (computed ? '自动计算' : (item.normal_text ?? '')) : union.exec_label}
                        readOnly={readOnly || !typed}
                        tabIndex={typed ? undefined : -1}
                        status={verdict.critical ? 'error' : verdict.flag ? 'warning' : undefined}
                        onChange={(e) => onChange(item.item_id, e.target.value)}
                      />
                      {words.length > 0 && (
                        <Dropdown
                          trigger={['click']}
                          menu={{
                            items: words.map((word) => ({ key: word, label: word })),
                            onClick: ({ key }) => onChange(item.item_id, key),
                          }}
                        >
                          <Button size="small" aria-label={`${item.item_name}体征词`} icon={<DownOutlined />} />
                        </Dropdown>
                      )}
                    </div>
                  </td>
                  <td className={mark} data-testid={`verdict-${item.item_id}`}>
                    {ABNORMAL_ARROWS[verdict.flag]}
                    {verdict.critical && (
                      <Tag color="red" style={{ marginLeft: 4 }}>
                        危急值
                      </Tag>
                    )}
                    {grade && item.item_code === GENERAL_EXAM_CODES.diastolic && (
                      <Tag color={GRADE_COLORS[grade] ?? 'error'} style={{ marginLeft: 4 }} data-testid="bp-grade">
                        {grade}
                      </Tag>
                    )}
                  </td>
                  <td>{item.unit ?? ''}</td>
                  <td>{item.ref_range || item.normal_text || ''}</td>
                </tr>
              );
            }),
          ];
        })}
      </tbody>
    </table>
  );
}
