import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queueCallText, type QueueDisplayEvent } from '@checkup/api-contract';
import { AntdProviders } from '../../app/antd-providers';
import { displaySnapshotQueryOptions, useDisplaySnapshot } from './api/get-display-snapshot';
import { DeptBoard } from './components/dept-board';
import styles from './queue-page.module.css';
import { speakCall } from './speak-call';
import { useQueueStream } from './use-queue-stream';

/** How long a fresh call stays highlighted, and how soon the boards reload after a change. */
const HIGHLIGHT_MS = 10_000;
const RELOAD_DELAY_MS = 300;
const CALLS: ReadonlySet<QueueDisplayEvent['event_type']> = new Set(['call', 'recall']);

/** 排队叫号屏 (/queue_page?dept_ids=…): the hall display, live through the queue event stream. */
export default function QueuePage() {
  const [params] = useSearchParams();
  const deptIds = (params.get('dept_ids') ?? '').replace(/\s/g, '');
  return (
    <AntdProviders>
      <QueueBoards key={deptIds} deptIds={deptIds} />
    </AntdProviders>
  );
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <span className={styles.clock}>{now.toLocaleString('zh-CN', { hour12: false })}</span>;
}

function QueueBoards({ deptIds }: { deptIds: string }) {
  const queryClient = useQueryClient();
  const snapshot = useDisplaySnapshot(deptIds);
  const [startSeq, setStartSeq] = useState<number | null>(null);
  const [lastCall, setLastCall] = useState<{ deptId: number; text: string } | null>(null);
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unhighlight = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The stream starts after the first snapshot; later reloads do not restart it.
  if (startSeq === null && snapshot.data) setStartSeq(snapshot.data.last_seq);

  const reloadSoon = () => {
    clearTimeout(reload.current);
    reload.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: displaySnapshotQueryOptions(deptIds).queryKey }),
      RELOAD_DELAY_MS,
    );
  };

  useQueueStream(deptIds, startSeq, {
    onEvent(event) {
      if (CALLS.has(event.event_type)) {
        const text = queueCallText(event);
        speakCall(text);
        setLastCall({ deptId: event.exam_dept_id, text });
        clearTimeout(unhighlight.current);
        unhighlight.current = setTimeout(() => setLastCall(null), HIGHLIGHT_MS);
      }
      reloadSoon();
    },
    onReconnect: reloadSoon,
  });

  useEffect(
    () => () => {
      clearTimeout(reload.current);
      clearTimeout(unhighlight.current);
    },
    [],
  );

  const depts = snapshot.data?.depts ?? [];
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>排队叫号</h1>
        <Clock />
      </header>
      {lastCall && (
        <div className={styles.banner} role="status">
          {lastCall.text}
        </div>
      )}
      {!snapshot.data && snapshot.failureReason && (
        <div className={styles.message}>{snapshot.failureReason.message}，正在重试…</div>
      )}
      {snapshot.isSuccess && depts.length === 0 && <div className={styles.message}>没有可显示的科室</div>}
      <div className={styles.boards}>
        {depts.map((dept) => (
          <DeptBoard key={dept.exam_dept_id} dept={dept} highlighted={lastCall?.deptId === dept.exam_dept_id} />
        ))}
      </div>
    </div>
  );
}
