import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultLayout, layoutSchemaOf, type TemplateType } from '@checkup/api-contract';
import { TemplateEditor } from './template-editor';

/** The editor as a form holds it: the value it last handed on. */
function Harness({ type, saved }: { type: TemplateType; saved: string[] }) {
  const [value, setValue] = useState(JSON.stringify(defaultLayout(type)));
  return (
    <TemplateEditor
      type={type}
      value={value}
      hospitalName="示范医院体检中心"
      onChange={(next) => {
        saved.push(next);
        setValue(next);
      }}
    />
  );
}

/** 自定义模板's editor (issue 18 §2): the preview follows each change, and the form gets a valid layout. */
describe('TemplateEditor', () => {
  it('shows a changed title and drops a hidden section from the preview of the guide sheet', () => {
    const saved: string[] = [];
    render(<Harness type="guide_sheet" saved={saved} />);
    const preview = () => screen.getByRole('region', { name: '打印预览' });
    expect(within(preview()).getByText('体检导引单')).toBeTruthy();
    expect(within(preview()).getByText('王秀兰')).toBeTruthy();
    expect(within(preview()).getByText('检查科室与项目')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '入职体检指引单' } });
    fireEvent.click(screen.getByRole('switch', { name: '显示检查科室与项目' }));

    expect(within(preview()).getByText('入职体检指引单')).toBeTruthy();
    expect(within(preview()).queryByText('检查科室与项目')).toBeNull();
    const last = layoutSchemaOf('guide_sheet').parse(JSON.parse(saved.at(-1)!));
    expect(last).toMatchObject({ header: { title: '入职体检指引单' } });
  });

  it('moves a barcode field above the bars', () => {
    render(<Harness type="barcode" saved={[]} />);
    const preview = () => screen.getByRole('region', { name: '打印预览' });
    expect(within(preview()).queryByText(/示范科技有限公司/)).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '单位名称的位置' }));
    fireEvent.click(screen.getAllByText('条码上方').at(-1)!);
    expect(within(preview()).getByText(/示范科技有限公司/)).toBeTruthy();
  });
});
