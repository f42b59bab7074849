import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dictDataResource, dictTypeResource } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DictionaryCfg from '../index';

const record = { enabled: true, version: 1, updated_at: null, updated_by_name: null };
const nation = { ...record, id: 3, type_code: 'nation', type_name: '民族', remark: null, data_count: 58 };
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });
let server: FakeApi;

/** What 数据字典 adds to the generic screen: the list by type, and a new entry starting in that type. */
describe('数据字典', () => {
  beforeEach(() => {
    server = fakeApi([
      [dictTypeResource.routes.list, () => page([nation])],
      [dictDataResource.routes.list, () => page([])],
      [dictDataResource.routes.save, (input) => ({ ...record, ...input, id: 9 })],
    ]);
  });

  it('lists the chosen type, and a new entry is saved into it', async () => {
    renderScreen(<DictionaryCfg />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '字典类型' }));
    fireEvent.click(await screen.findByTitle('民族（nation）'));
    await waitFor(() =>
      expect(server.calls(dictDataResource.routes.list).at(-1)).toMatchObject({ type_id: '3', page: 1 }),
    );

    fireEvent.click(screen.getByRole('button', { name: /新增字典数据/ }));
    const form = screen.getByRole('form', { name: '字典数据' });
    fireEvent.change(within(form).getByLabelText('字典标签'), { target: { value: '汉族' } });
    fireEvent.change(within(form).getByLabelText('字典键值'), { target: { value: '01' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(server.calls(dictDataResource.routes.save)).toEqual([
        expect.objectContaining({ type_id: 3, label: '汉族', value: '01', sort: 0 }),
      ]),
    );
  });
});
