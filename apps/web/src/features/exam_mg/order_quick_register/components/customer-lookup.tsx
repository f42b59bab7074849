import { useState } from 'react';
import { App, Button, Input, List, Space, Tag, Typography } from 'antd';
import type { CustomerMatch } from '@checkup/api-contract';
import { CONFIDENTIAL_DENIED_MESSAGE } from '../../../session/confidential';
import { searchCustomer } from '../api/search-customer';

/** Finds a returning examinee by ID number, name or phone, to register them again without retyping. */
export function CustomerLookup({ onPick }: { onPick: (customer: CustomerMatch) => void }) {
  const { message } = App.useApp();
  const [matches, setMatches] = useState<CustomerMatch[] | null>(null);
  const [loading, setLoading] = useState(false);

  const search = async (key: string) => {
    if (!key.trim()) return;
    setLoading(true);
    try {
      const found = await searchCustomer(key.trim());
      setMatches(found);
      if (found.length === 0) void message.info('未找到该体检者，请直接登记');
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const pick = (customer: CustomerMatch) => {
    if (customer.restricted) {
      void message.warning(CONFIDENTIAL_DENIED_MESSAGE);
      return;
    }
    onPick(customer);
    setMatches(null);
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Input.Search
        aria-label="查找已有体检者"
        placeholder="身份证号 / 姓名 / 手机号，回车查找已有体检者"
        allowClear
        loading={loading}
        onSearch={(value) => void search(value)}
        style={{ maxWidth: 420 }}
      />
      {matches && matches.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={matches}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button key="pick" size="small" type="link" onClick={() => pick(c)}>
                  选择
                </Button>,
              ]}
            >
              <Space>
                <Typography.Text strong>{c.cust_name}</Typography.Text>
                <span>{c.sex === '1' ? '男' : '女'}</span>
                <span>{c.age}岁</span>
                <span>{c.cust_id_card_masked ?? ''}</span>
                {c.last_exam_date && <Typography.Text type="secondary">上次体检 {c.last_exam_date}</Typography.Text>}
                {c.special_flag === '1' && <Tag color="red">保密</Tag>}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
