import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { GenericTable, type GenericColumn } from '@checkup/ui';

/**
 * The first render of GenericTable with 10,000 rows (issue 5 benchmark): from the render call to
 * the first frame after React committed, measured in the page and read by bench/web/run.ts.
 */
interface Row {
  id: number;
  order_id: string;
  cust_name: string;
  sex: string;
  age: number;
  exam_date: string;
  package_name: string | null;
  total_price: string;
}

const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 10_000);
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  order_id: `20261121${String(i + 1).padStart(6, '0')}`,
  cust_name: `${SURNAMES[i % SURNAMES.length]}某${i % 7 === 0 ? '' : '某'}`,
  sex: i % 2 ? '男' : '女',
  age: 20 + (i % 50),
  exam_date: '2026-11-21',
  package_name: i % 5 === 0 ? null : '基础体检套餐',
  total_price: (100 + (i % 900)).toFixed(2),
}));

const columns: GenericColumn<Row>[] = [
  { title: '体检号', dataIndex: 'order_id', width: 160 },
  { title: '姓名', dataIndex: 'cust_name', width: 100 },
  { title: '性别', dataIndex: 'sex', width: 70 },
  { title: '年龄', dataIndex: 'age', width: 70 },
  { title: '体检日期', dataIndex: 'exam_date', width: 120 },
  { title: '套餐', dataIndex: 'package_name', width: 180 },
  { title: '金额', dataIndex: 'total_price', width: 100 },
];

declare global {
  interface Window {
    __firstRenderMs?: number;
  }
}

const started = performance.now();

function Bench() {
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      window.__firstRenderMs = performance.now() - started;
    });
  }, []);
  return (
    <GenericTable<Row>
      tableKey="bench-generic-table"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 600 }}
      rowSelection={{ type: 'checkbox' }}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <Bench />
  </ConfigProvider>,
);
