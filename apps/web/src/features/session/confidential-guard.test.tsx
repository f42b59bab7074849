import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userInfoRoute, type UserInfo } from '@checkup/api-contract';
import { fakeApi } from '../../test/fake-api';
import { renderScreen, testQueryClient } from '../../test/render-screen';
import { userInfoQueryOptions } from './api/get-user-info';
import { CONFIDENTIAL_DENIED_MESSAGE } from './confidential';
import { ConfidentialGuard, usePersonGuard } from './confidential-guard';

const user = (special_flag: '0' | '1'): UserInfo => ({
  id: 2,
  user_account: 'doctor2',
  user_name: '李医生',
  special_flag,
  role_menu: ['exam_mg'],
  all_depts: false,
  leader: false,
  discount_floor: 100,
  must_change_password: false,
  data_scope: 'all',
});

/** Signed in as a user with this special_flag (known already, as the shell has read it). */
function renderAs(special_flag: '0' | '1', ui: ReactElement) {
  fakeApi([[userInfoRoute, () => user(special_flag)]]);
  const queryClient = testQueryClient();
  queryClient.setQueryData(userInfoQueryOptions.queryKey, user(special_flag));
  renderScreen(ui, { queryClient });
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
