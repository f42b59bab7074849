import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentResource, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../api-error';
import type { ResourceScreenProps } from './resource-screen';

const call = vi.fn();
vi.mock('../api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input), upload: vi.fn(), download: vi.fn() },
  apiHooks: {},
}));

const { ResourceScreen } = await import('./resource-screen');
const { routes } = departmentResource;

const row = {
  id: 7,
  dept_code: 'NK',
  dept_name: '内科',
  dept_type: 'check' as const,
  sort: 2,
  enabled: true,
  version: 3,
  updated_at: null,
  updated_by_name: null,
};

function renderScreen(
  scope?: Record<string, string>,
  extra: Partial<ResourceScreenProps<typeof departmentResource>> = {},
) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ResourceScreen
          resource={departmentResource}
          title="科室配置"
          filters={[{ name: 'key', kind: 'search', label: '搜索科室', placeholder: '科室名称或编码' }]}
          columns={[
            { title: '科室编码', dataIndex: 'dept_code' },
            { title: '科室名称', dataIndex: 'dept_name' },
          ]}
          fields={[
            { name: 'dept_code', label: '科室编码' },
            { name: 'dept_name', label: '科室名称' },
            { name: 'dept_type', label: '科室类型', kind: 'select', options: [{ value: 'check', label: '普通' }] },
            { name: 'sort', label: '排序', kind: 'number' },
          ]}
          blank={{ dept_type: 'check', sort: 0 }}
          scope={scope}
          {...extra}
        />
      </App>
    </QueryClientProvider>,
  );
}

/** The generic list/form screen (issue 18): what every resource screen gets from its definition. */
describe('ResourceScreen', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
      if (route === routes.list) return { list: [row], total: 1, total_capped: false, page: 1, size: 20 };
      if (route === routes.save && input.id === 7)
        throw new ApiError(409, '该科室已被赵敏于2026/11/25 10:00:00修改，请刷新后重试', route.path);
      if (route === routes.save) return { ...row, ...input, id: 8, version: 1 };
      if (route === routes.enable) return { ...row, enabled: input.enabled === '1' };
      throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
    });
  });

  it('lists the rows with their state and passes a search to the list call on the first page', async () => {
    renderScreen();
    expect(await screen.findByText('内科')).toBeTruthy();
    expect(screen.getByText('启用')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索科室'), { target: { value: ' 内 ' } });
    fireEvent.keyDown(screen.getByLabelText('搜索科室'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(routes.list, { key: '内', page: 1, size: 20 }));
  });

  it("refuses an empty form with the contract's messages, without a call", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /新增科室/ }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写科室编码')).toBeTruthy();
    expect(screen.getByText('请填写科室名称')).toBeTruthy();
    fireEvent.change(within(screen.getByRole('form', { name: '科室' })).getByLabelText('科室编码'), {
      target: { value: 'N K' },
    });
    expect(await screen.findByText('科室编码只能包含字母、数字、-和_')).toBeTruthy();
    expect(call.mock.calls.some(([r]) => r === routes.save)).toBe(false);
  });

  it('saves a new record, and an edit with the version it read, showing a stale save’s refusal', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /新增科室/ }));
    const form = screen.getByRole('form', { name: '科室' });
    fireEvent.change(within(form).getByLabelText('科室编码'), { target: { value: 'ZYK' } });
    fireEvent.change(within(form).getByLabelText('科室名称'), { target: { value: '中医科' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('科室已保存')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(
      routes.save,
      expect.objectContaining({ dept_code: 'ZYK', dept_name: '中医科', sort: 0 }),
    );

    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(/已被赵敏于.+修改，请刷新后重试/)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(routes.save, expect.objectContaining({ id: 7, version: 3, dept_code: 'NK' }));
  });

  it('carries the filters the screen sets itself on every list call', async () => {
    renderScreen({ dept_type: 'lab' });
    expect(await screen.findByText('内科')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(routes.list, { dept_type: 'lab', page: 1, size: 20 });
  });

  it('names the removal and shows the form extra as the screen says', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ResourceScreen
            resource={departmentResource}
            title="检验科室"
            filters={[]}
            columns={[{ title: '科室名称', dataIndex: 'dept_name' }]}
            fields={[{ name: 'dept_name', label: '科室名称' }]}
            removeLabel="重置"
            formExtra={<p>表单之外的说明</p>}
          />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('内科')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重置' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新增科室/ }));
    expect(await screen.findByText('表单之外的说明')).toBeTruthy();
  });

  it('opens a new record with values a row action gives (复制), saved without the row’s id', async () => {
    renderScreen(undefined, {
      rowActions: (r, { openNew }) => (
        <button type="button" onClick={() => openNew({ ...r, dept_code: `${r.dept_code}2` })}>
          复制
        </button>
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: '复制' }));
    const form = screen.getByRole('form', { name: '科室' });
    expect((within(form).getByLabelText('科室编码') as HTMLInputElement).value).toBe('NK2');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('科室已保存')).toBeTruthy();
    const saved = call.mock.calls.find(([r]) => r === routes.save)![1];
    expect(saved).toMatchObject({ dept_code: 'NK2', dept_name: '内科' });
    expect(saved.id).toBeUndefined();
  });
});
