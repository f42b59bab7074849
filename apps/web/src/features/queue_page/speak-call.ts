/** Speaks a call in Chinese through the browser's speech synthesis, where the browser has it. */
export function speakCall(text: string, synth: SpeechSynthesis | undefined = globalThis.speechSynthesis): void {
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  utterance.rate = 0.9;
  synth.speak(utterance);
}
