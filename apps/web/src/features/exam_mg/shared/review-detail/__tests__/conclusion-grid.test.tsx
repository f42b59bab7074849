import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  conclusionHideRoute,
  conclusionMergeRoute,
  conclusionMoveRoute,
  conclusionSplitRoute,
  reviewConclusionsRoute,
  type ReviewConclusion,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { ConclusionGrid } from '../components/conclusion-grid';

const ORDER_ID = '20261121000123';

const conclusion = (
  fields: Partial<ReviewConclusion> & Pick<ReviewConclusion, 'id' | 'diag_name'>,
): ReviewConclusion => ({
  diag_id: null,
  advice: '',
  group_advice: '',
  dept_id: 7,
  dept_name: '内科',
  origin: 'dept',
  added_by_name: '陈建华',
  hidden: false,
  members: [],
  ...fields,
});

const pressure = conclusion({ id: 1, diag_name: '血压偏高', advice: '低盐饮食' });
const fat = conclusion({ id: 2, diag_name: '脂肪肝', dept_id: 8, dept_name: '超声科', advice: '低脂饮食' });
const added = conclusion({
  id: 3,
  diag_name: '超重',
  dept_id: null,
  dept_name: null,
  origin: 'review',
  added_by_name: '周文博',
  group_advice: '单位组织减重',
});
const merged = conclusion({
  id: 9,
  diag_name: '代谢异常',
  dept_id: null,
  dept_name: null,
  origin: 'merge',
  added_by_name: '周文博',
  members: [
    { id: 1, diag_name: '血压偏高', dept_name: '内科' },
    { id: 2, diag_name: '脂肪肝', dept_name: '超声科' },
  ],
});

const rowOf = (name: string) => screen.getByText(name, { selector: 'strong, strong *' }).closest('tr') as HTMLElement;
const buttonIn = (row: HTMLElement, name: string) =>
  within(row).getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;

/** 总检结论列表 of rev_apr_detail: what the grid adds to the page (issue 20). */
describe('总检结论列表', () => {
  it('shows who added each conclusion, hides one from the report and moves one up', async () => {
    const server = fakeApi([
      [reviewConclusionsRoute, () => [pressure, fat, added]],
      [conclusionHideRoute, () => [pressure, { ...fat, hidden: true }, added]],
      [conclusionMoveRoute, () => [pressure, added, { ...fat, hidden: true }]],
    ]);
    renderScreen(<ConclusionGrid orderId={ORDER_ID} readOnly={false} />);

    const fatRow = (await screen.findByText('脂肪肝')).closest('tr') as HTMLElement;
    expect(within(fatRow).getByText('超声科')).toBeTruthy();
    expect(within(fatRow).getByText('科室诊断')).toBeTruthy();
    const addedRow = rowOf('超重');
    expect(within(addedRow).getByText('总检添加')).toBeTruthy();
    expect(within(addedRow).getByText('周文博')).toBeTruthy();
    expect(within(addedRow).getByText('单位组织减重')).toBeTruthy();
    // The first cannot go up, the last cannot go down; only what 总检 added can be deleted.
    expect(buttonIn(rowOf('血压偏高'), '上移').disabled).toBe(true);
    expect(buttonIn(addedRow, '下移').disabled).toBe(true);
    expect(within(fatRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(buttonIn(addedRow, '删除')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: '报告中隐藏 脂肪肝' }));
    await waitFor(() =>
      expect(server.calls(conclusionHideRoute)).toEqual([{ order_id: ORDER_ID, id: 2, hidden: '1' }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '报告中隐藏 脂肪肝' }).getAttribute('aria-checked')).toBe('true'),
    );

    fireEvent.click(buttonIn(rowOf('超重'), '上移'));
    await waitFor(() =>
      expect(server.calls(conclusionMoveRoute)).toEqual([{ order_id: ORDER_ID, id: 3, direction: 'up' }]),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .map(
            (r) =>
              within(r).queryByText(/^(血压偏高|脂肪肝|超重)$/, { selector: 'strong, strong *' })?.textContent ?? null,
          )
          .filter(Boolean),
      ).toEqual(['血压偏高', '超重', '脂肪肝']),
    );
  });

  it('merges the selected conclusions with joined advice, and splits the merged one again', async () => {
    const server = fakeApi([
      [reviewConclusionsRoute, () => [pressure, fat, added]],
      [conclusionMergeRoute, () => [merged, added]],
      [conclusionSplitRoute, () => [pressure, fat, added]],
    ]);
    renderScreen(<ConclusionGrid orderId={ORDER_ID} readOnly={false} />);
    await screen.findByText('脂肪肝');
    const mergeButton = screen.getByRole('button', { name: '合并所选' }) as HTMLButtonElement;
    expect(mergeButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 血压偏高' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 脂肪肝' }));
    await waitFor(() => expect(mergeButton.disabled).toBe(false));
    fireEvent.click(mergeButton);

    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('结论名称') as HTMLInputElement).value).toBe('血压偏高、脂肪肝');
    expect((within(dialog).getByLabelText('个人建议') as HTMLTextAreaElement).value).toBe('低盐饮食；低脂饮食');
    fireEvent.change(within(dialog).getByLabelText('结论名称'), { target: { value: '代谢异常' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(server.calls(conclusionMergeRoute)).toEqual([
        {
          order_id: ORDER_ID,
          ids: '[1,2]',
          diag_name: '代谢异常',
          advice: '低盐饮食；低脂饮食',
          group_advice: '',
        },
      ]),
    );

    // The merged one shows its parts, has 拆分 and no 删除.
    const mergedRow = (await screen.findByText('代谢异常')).closest('tr') as HTMLElement;
    expect(within(mergedRow).getByText('血压偏高（内科）')).toBeTruthy();
    expect(within(mergedRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(buttonIn(mergedRow, '拆分'));
    await waitFor(() => expect(server.calls(conclusionSplitRoute)).toEqual([{ order_id: ORDER_ID, id: 9 }]));
    expect(await screen.findByText('血压偏高', { selector: 'strong, strong *' })).toBeTruthy();
  });
});
