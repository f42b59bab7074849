import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gatewayCacheClearRoute, gatewayCacheStatusRoute } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CacheMg from '../index';

/** The gateway as the screen sees it: three answers held until cleared. */
function serve({ refuseClear = false } = {}) {
  let counts = { params: 2, transfer: 1 };
  return fakeApi([
    [
      gatewayCacheStatusRoute,
      () => ({
        store: 'memory',
        ttl_seconds: 300,
        entries: [
          { path: '/manager/api/Commonconfig/get_parameter', title: '系统参数', personal: false, count: counts.params },
          {
            path: '/manager/api/transfer/get_transfer_user_list',
            title: '转诊人员列表',
            personal: true,
            count: counts.transfer,
          },
        ],
        hits: 4,
        misses: 2,
      }),
    ],
    [
      gatewayCacheClearRoute,
      () => {
        if (refuseClear) throw new ApiError(403, '没有权限执行此操作，请联系管理员', gatewayCacheClearRoute.path);
        const cleared = counts.params + counts.transfer;
        counts = { params: 0, transfer: 0 };
        return { cleared };
      },
    ],
  ]);
}

const countOf = (title: string) => {
  const cells = (screen.getByText(title).closest('tr') as HTMLElement).querySelectorAll('td');
  return cells[cells.length - 1]!.textContent;
};

async function confirmClear() {
  fireEvent.click(screen.getByRole('button', { name: '清除网关缓存' }));
  const confirm = await screen.findByRole('tooltip');
  fireEvent.click(within(confirm).getByRole('button', { name: /清\s*除/ }));
}

describe('缓存管理', () => {
  it('shows where the cache lives, for how long, what it holds and how often it answered', async () => {
    serve();
    renderScreen(<CacheMg />);
    expect(await screen.findByText('本网关内存（只对本网关有效）')).toBeTruthy();
    expect(screen.getByText('5 分钟')).toBeTruthy();
    expect(screen.getByText('3 条')).toBeTruthy();
    expect(screen.getByText('4 / 6 次（67%）')).toBeTruthy();
    expect(countOf('系统参数')).toBe('2');
    expect(within(screen.getByText('转诊人员列表').closest('tr') as HTMLElement).getByText('按用户')).toBeTruthy();
  });

  it('clears the cache after a confirmation, says how many answers went and reads the status again', async () => {
    const server = serve();
    renderScreen(<CacheMg />);
    await screen.findByText('3 条');
    await confirmClear();
    expect(await screen.findByText('网关缓存已清除，共 3 条')).toBeTruthy();
    await waitFor(() => expect(countOf('系统参数')).toBe('0'));
    expect(screen.getByText('0 条')).toBeTruthy();
    expect(server.calls(gatewayCacheClearRoute)).toHaveLength(1);
  });

  it("shows the gateway's refusal and keeps the counts", async () => {
    serve({ refuseClear: true });
    renderScreen(<CacheMg />);
    await screen.findByText('3 条');
    await confirmClear();
    expect(await screen.findByText('没有权限执行此操作，请联系管理员')).toBeTruthy();
    expect(countOf('系统参数')).toBe('2');
  });
});
