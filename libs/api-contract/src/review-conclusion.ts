/**
 * 生成结论 on rev_apr_detail: every department's diagnoses, in department order, each once, become
 * the numbered overall conclusion; their advice, numbered the same way, the overall advice.
 */
export function conclusionFromDepts(depts: readonly { diag_list: readonly { diag_name: string; advice: string }[] }[]) {
  const seen = new Set<string>();
  const picked: { diag_name: string; advice: string }[] = [];
  for (const diag of depts.flatMap((d) => d.diag_list)) {
    const name = diag.diag_name.trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    picked.push({ diag_name: name, advice: diag.advice.trim() });
  }
  const conclusion = picked.map((d, i) => `${i + 1}. ${d.diag_name}`).join('\n');
  const advice = picked
    .filter((d) => d.advice)
    .map((d, i) => `${i + 1}. ${d.diag_name}：${d.advice}`)
    .join('\n');
  return { conclusion, advice };
}

/** Appends a picked dictionary entry to a numbered text, unless it is already there. */
export function appendNumbered(text: string, line: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.some((l) => l.replace(/^\d+\.\s*/, '') === line)) return text;
  return [...lines, `${lines.length + 1}. ${line}`].join('\n');
}
