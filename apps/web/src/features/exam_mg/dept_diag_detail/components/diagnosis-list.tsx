import { useState } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Select, Space } from 'antd';
import { useSearchDiagnosis } from '../api/search-diagnosis';
import type { DiagLine } from '../entry-state';

interface Props {
  deptId: number;
  diags: DiagLine[];
  readOnly: boolean;
  onChange: (diags: DiagLine[]) => void;
}

/** The department's diagnoses: matched ones, ones picked from the dictionary, each with its advice. */
export function DiagnosisList({ deptId, diags, readOnly, onChange }: Props) {
  const [keyword, setKeyword] = useState('');
  const [picking, setPicking] = useState(false);
  const dictionary = useSearchDiagnosis(deptId, keyword, picking && !readOnly);
  const chosen = new Set(diags.map((d) => d.diag_id));

  const pick = (diagId: number) => {
    const entry = dictionary.data?.find((d) => d.diag_id === diagId);
    if (!entry || chosen.has(diagId)) return;
    onChange([
      ...diags,
      { diag_id: entry.diag_id, diag_name: entry.diag_name, advice: entry.advice, doctor_created_flag: '0' },
    ]);
  };

  return (
    <div>
      {diags.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无诊断" />}
      {diags.map((diag, index) => (
        <div key={`${diag.diag_id ?? diag.diag_name}-${index}`} style={{ marginBottom: 6 }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <strong>{`${index + 1}. ${diag.diag_name}`}</strong>
            {!readOnly && (
              <Button
                size="small"
                type="text"
                danger
                aria-label={`删除诊断 ${diag.diag_name}`}
                icon={<DeleteOutlined />}
                onClick={() => onChange(diags.filter((_, i) => i !== index))}
              />
            )}
          </Space>
          <Input.TextArea
            aria-label={`建议：${diag.diag_name}`}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={diag.advice}
            readOnly={readOnly}
            onChange={(e) => onChange(diags.map((d, i) => (i === index ? { ...d, advice: e.target.value } : d)))}
          />
        </div>
      ))}
      {!readOnly && (
        <Select<number>
          aria-label="选择诊断"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="从诊断字典选择（输入名称或编码）"
          style={{ width: '100%' }}
          size="small"
          value={null}
          loading={dictionary.isFetching}
          notFoundContent={dictionary.isFetching ? '查询中…' : '没有匹配的诊断'}
          onOpenChange={setPicking}
          onFocus={() => setPicking(true)}
          options={(dictionary.data ?? []).map((d) => ({
            value: d.diag_id,
            label: d.diag_name,
            disabled: chosen.has(d.diag_id),
          }))}
          onSelect={(value) => pick(value)}
        />
      )}
    </div>
  );
}
