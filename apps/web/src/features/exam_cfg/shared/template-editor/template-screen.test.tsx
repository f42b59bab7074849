import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_RESOURCES,
  TEMPLATE_SET_DEFAULT_ROUTES,
  defaultLayout,
  globalConfigRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { TemplateScreen } from './template-screen';

const { routes } = TEMPLATE_RESOURCES.exam_report;
const row = (id: number, name: string, isDefault: boolean) => ({
  id,
  temp_type: 'exam_report',
  temp_name: name,
  suit_type: 'health',
  is_default: isDefault,
  temp_config: defaultLayout('exam_report'),
  enabled: true,
  version: 1,
  updated_at: null,
  updated_by_name: '系统管理员',
});

/** What a template screen adds to the resource list: 设为默认 and 复制 into the editor. */
describe('TemplateScreen', () => {
  it('sets another template as the default, and copies one into a new template with its layout', async () => {
    let defaultId = 1;
    const api = fakeApi([
      [globalConfigRoute, () => ({ hospital: { name: '示范医院体检中心' } })],
      [
        routes.list,
        () => ({
          list: [row(1, '标准体检报告', defaultId === 1), row(2, '简版体检报告', defaultId === 2)],
          total: 2,
          total_capped: false,
          page: 1,
          size: 20,
        }),
      ],
      [
        TEMPLATE_SET_DEFAULT_ROUTES.exam_report,
        ({ id }) => {
          defaultId = Number(id);
          return { id };
        },
      ],
    ]);
    renderScreen(<TemplateScreen type="exam_report" />);
    const brief = () => screen.getByText('简版体检报告').closest('[data-row-key]') as HTMLElement;
    await screen.findByText('简版体检报告');
    fireEvent.click(within(brief()).getByRole('button', { name: '设为默认' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(brief()).getByText('默认')).toBeTruthy());
    expect(api.calls(TEMPLATE_SET_DEFAULT_ROUTES.exam_report)).toEqual([{ id: 2 }]);

    fireEvent.click(within(brief()).getByRole('button', { name: '复制' }));
    const form = await screen.findByRole('form', { name: '体检报告模板' });
    expect((within(form).getByLabelText('模板名称') as HTMLInputElement).value).toBe('简版体检报告（副本）');
    expect(within(form).getByRole('region', { name: '打印预览' }).textContent).toContain('健康体检报告');
  });
});
