import { formatQueueNo, type QueueDisplayDept } from '@checkup/api-contract';
import styles from '../queue-page.module.css';

// A confidential person has no display name: the number alone.
const shown = (entry: { queue_no: number; display_name: string }) =>
  [formatQueueNo(entry.queue_no), entry.display_name].filter(Boolean).join(' ');

/** One department on the hall display: the number being called, large, and the next few waiting. */
export function DeptBoard({ dept, highlighted }: { dept: QueueDisplayDept; highlighted: boolean }) {
  return (
    <section className={highlighted ? styles.called : styles.board} data-testid={`dept-${dept.exam_dept_id}`}>
      <div className={styles.dept}>
        <span>{dept.dept_name}</span>
        <span className={styles.count}>等候 {dept.waiting_count} 人</span>
      </div>
      {dept.current ? (
        <div className={styles.current}>{shown(dept.current)}</div>
      ) : (
        <div className={styles.idle}>暂无呼叫</div>
      )}
      <div className={styles.waiting}>
        <span>下一位：</span>
        {dept.waiting.length === 0 && <span>无</span>}
        {dept.waiting.map((w) => (
          <span key={w.queue_no}>{shown(w)}</span>
        ))}
      </div>
    </section>
  );
}
