import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@checkup/api-contract';
import { userInfoQueryOptions } from './api/get-user-info';
import { CONFIDENTIAL_DENIED_MESSAGE } from './confidential';
import { ConfidentialGuard, usePersonGuard } from './confidential-guard';

vi.mock('../../lib/api', () => ({ api: { call: vi.fn() }, apiHooks: {} }));

const user = (special_flag: '0' | '1'): UserInfo => ({
  id: 2,
  user_account: 'doctor2',
  user_name: '李医生',
  special_flag,
  role_menu: ['exam_mg'],
  all_depts: false,
  leader: false,
  discount_floor: 100,
});

function renderAs(special_flag: '0' | '1', ui: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(userInfoQueryOptions.queryKey, user(special_flag));
  render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

function OpenButton({ onOpen }: { onOpen: () => void }) {
  const mayView = usePersonGuard();
  return <button onClick={() => mayView({ special_flag: '1' }) && onOpen()}>查看</button>;
}

describe('confidential person guard (spec §5)', () => {
  it('blocks the page and shows the message to a user without special_flag', async () => {
    renderAs('0', <ConfidentialGuard person={{ special_flag: '1' }}>体检者资料</ConfidentialGuard>);
    expect(screen.queryByText('体检者资料')).toBeNull();
    expect(await screen.findAllByText(CONFIDENTIAL_DENIED_MESSAGE)).toHaveLength(2);
  });

  it('shows the page to a user with special_flag 1', () => {
    renderAs('1', <ConfidentialGuard person={{ special_flag: '1' }}>体检者资料</ConfidentialGuard>);
    expect(screen.getByText('体检者资料')).toBeTruthy();
  });

  it('stops an action on a confidential person and warns', async () => {
    const onOpen = vi.fn();
    renderAs('0', <OpenButton onOpen={onOpen} />);
    fireEvent.click(screen.getByText('查看'));
    expect(await screen.findByText(CONFIDENTIAL_DENIED_MESSAGE)).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('lets the action through for a user with special_flag 1', () => {
    const onOpen = vi.fn();
    renderAs('1', <OpenButton onOpen={onOpen} />);
    fireEvent.click(screen.getByText('查看'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(CONFIDENTIAL_DENIED_MESSAGE)).toBeNull();
  });
});
