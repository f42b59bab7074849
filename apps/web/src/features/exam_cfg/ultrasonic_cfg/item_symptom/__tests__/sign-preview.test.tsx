import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usItemResource, usSignResource } from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { SignPreview } from '../sign-preview';

const record = { enabled: true, version: 1, updated_at: null, updated_by_name: null };
const liver = {
  ...record,
  id: 3,
  item_name: '肝脏',
  input_code: 'GZ',
  gender_limit: '0',
  classify_id: 1,
  dept_id: 1,
  sort: 1,
};
const sign = (
  id: number,
  name: string,
  positive: boolean,
  description: string,
  conclusion: string,
  isDefault = false,
) => ({
  ...record,
  id,
  us_item_id: 3,
  item_name: '肝脏',
  sign_name: name,
  is_positive: positive,
  description,
  conclusion,
  serious_type: '0',
  is_default: isDefault,
  sort: id,
});
const SIGNS = [
  sign(1, '肝脏未见异常', false, '肝脏形态大小正常。', '肝脏未见明显异常', true),
  sign(2, '脂肪肝', true, '实质回声细密增强。', '轻度脂肪肝'),
  sign(3, '肝囊肿', true, '肝内可见一无回声区。', '肝囊肿'),
];
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 50 });

/** 所见描述's preview: what the chosen sign words compose, starting from the item's default word. */
describe('SignPreview', () => {
  it('starts from the default word, which a ticked positive finding replaces, and numbers several conclusions', async () => {
    fakeApi([
      [usItemResource.routes.list, () => page([liver])],
      [usSignResource.routes.list, () => page(SIGNS)],
    ]);
    renderScreen(<SignPreview />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '预览的超声项目' }));
    fireEvent.click(await screen.findByText('肝脏（GZ）'));

    const result = await screen.findByLabelText('组合结果');
    expect(within(result).getByText('肝脏形态大小正常。')).toBeTruthy();
    expect(within(result).getByText('肝脏未见明显异常')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /脂肪肝/ }));
    expect((screen.getByRole('checkbox', { name: /肝脏未见异常/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /肝囊肿/ }));
    expect(await screen.findByText('实质回声细密增强。肝内可见一无回声区。')).toBeTruthy();
    expect(screen.getByText('1.轻度脂肪肝；2.肝囊肿')).toBeTruthy();
  });
});
