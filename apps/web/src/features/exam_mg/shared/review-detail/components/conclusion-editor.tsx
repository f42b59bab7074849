import { useState } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { appendNumbered, conclusionFromDepts, type ReviewDept } from '@checkup/api-contract';
import type { ConclusionFields } from '../api/review-actions';
import { useSearchDiagnosis } from '../api/search-diagnosis';

interface Props {
  fields: ConclusionFields;
  depts: ReviewDept[];
  readOnly: boolean;
  onChange: (next: Partial<ConclusionFields>) => void;
}

/**
 * 总检结论 and 建议: typed, picked from the diagnosis dictionary (its advice follows), or generated
 * from every department's diagnoses.
 */
export function ConclusionEditor({ fields, depts, readOnly, onChange }: Props) {
  const [keyword, setKeyword] = useState('');
  const [searching, setSearching] = useState(false);
  const found = useSearchDiagnosis(keyword, searching && !readOnly);

  const pick = (diagId: number) => {
    const entry = found.data?.find((d) => d.diag_id === diagId);
    if (!entry) return;
    onChange({
      conclusion: appendNumbered(fields.conclusion, entry.diag_name),
      advice: entry.advice ? appendNumbered(fields.advice, `${entry.diag_name}：${entry.advice}`) : fields.advice,
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6}>
      <Space wrap>
        <Select
          aria-label="诊断字典"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="检索诊断字典，选中后加入结论与建议"
          style={{ width: 300 }}
          disabled={readOnly}
          value={null}
          loading={found.isFetching}
          onFocus={() => setSearching(true)}
          onChange={(id: number) => pick(id)}
          options={(found.data ?? []).map((d) => ({ value: d.diag_id, label: `${d.diag_name}（${d.diag_code}）` }))}
        />
        <Button disabled={readOnly} onClick={() => onChange(conclusionFromDepts(depts))}>
          生成结论
        </Button>
      </Space>
      <label htmlFor="rev-apr-conclusion">总检结论</label>
      <Input.TextArea
        id="rev-apr-conclusion"
        aria-label="总检结论"
        autoSize={{ minRows: 5, maxRows: 14 }}
        maxLength={4000}
        readOnly={readOnly}
        value={fields.conclusion}
        onChange={(e) => onChange({ conclusion: e.target.value })}
      />
      <label htmlFor="rev-apr-advice">建议</label>
      <Input.TextArea
        id="rev-apr-advice"
        aria-label="建议"
        autoSize={{ minRows: 5, maxRows: 14 }}
        maxLength={8000}
        readOnly={readOnly}
        value={fields.advice}
        onChange={(e) => onChange({ advice: e.target.value })}
      />
    </Space>
  );
}
