import { formatQueueNo, type QueueDisplayEvent } from '@checkup/api-contract';

/** What the hall hears and reads for a call: 请 A001 号 张*三 到 心电图室 就诊. */
export const callText = (event: Pick<QueueDisplayEvent, 'queue_no' | 'display_name' | 'dept_name'>) =>
  `请 ${formatQueueNo(event.queue_no)} 号 ${event.display_name} 到 ${event.dept_name} 就诊`;

/** Speaks a call in Chinese through the browser's speech synthesis, where the browser has it. */
export function speakCall(text: string, synth: SpeechSynthesis | undefined = globalThis.speechSynthesis): void {
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  utterance.rate = 0.9;
  synth.speak(utterance);
}
