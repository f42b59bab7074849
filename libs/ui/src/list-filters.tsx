import { useState } from 'react';
import { Input, type TablePaginationConfig } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';

/** Page and page size of a server-paged list; a changed filter goes back to the first page. */
export function usePaging(size = 20) {
  const [page, setPage] = useState({ page: 1, size });
  return {
    page,
    firstPage: () => setPage((p) => ({ ...p, page: 1 })),
    /** The table's pagination for `total` rows, with 共 N 条 and a page-size changer. */
    pagination: (total: number): TablePaginationConfig => ({
      current: page.page,
      pageSize: page.size,
      total,
      showSizeChanger: true,
      showTotal: (all) => `共 ${all} 条`,
      onChange: (next, nextSize) => setPage({ page: next, size: nextSize }),
    }),
  };
}

/** A search box that applies its trimmed words on Enter or its button, and clears at once. */
export function SearchBox({
  label,
  placeholder,
  width = 240,
  onSearch,
}: {
  label: string;
  placeholder: string;
  width?: number;
  onSearch: (words: string) => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      // antd's clear button is named by its icon, "close-circle".
      allowClear={{ clearIcon: <CloseCircleFilled aria-label="清除" /> }}
      style={{ width }}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onSearch={(words) => onSearch(words.trim())}
    />
  );
}
