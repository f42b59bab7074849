import './test/jsdom-stubs.js';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiCorrectionDialog, type AiCorrectionDialogProps } from './ai-correction-dialog.js';

function renderDialog(props: Partial<AiCorrectionDialogProps> = {}) {
  const handlers = {
    onClose: vi.fn(),
    onHandled: vi.fn(),
    onRefresh: vi.fn(),
    onSaveIgnoring: vi.fn(),
  };
  render(
    <>
      <button type="button">页面按钮</button>
      <AiCorrectionDialog
        open
        generatedAt="2024-05-01 09:30:00"
        content="<p>血压<b>偏高</b></p>"
        {...handlers}
        {...props}
      />
    </>,
  );
  return handlers;
}

const dialog = () => screen.getByRole('dialog');

describe('AiCorrectionDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the generation time and the correction as rich text', () => {
    renderDialog();
    expect(screen.getByText('AI纠错提醒')).toBeTruthy();
    expect(screen.getByText(/2024-05-01 09:30:00/)).toBeTruthy();
    expect(screen.getByText('偏高').tagName).toBe('B');
  });

  it('has no close icon and no mask, and leaves the page behind clickable', () => {
    renderDialog();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(document.querySelector('.ant-modal-mask')).toBeNull();
    const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap')!;
    expect(wrap.style.pointerEvents).toBe('none');
    const pageButton = screen.getByRole('button', { name: '页面按钮' });
    expect(pageButton.closest('.ant-modal-wrap')).toBeNull();
  });

  it('is 500 px wide', () => {
    renderDialog();
    const modal = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(modal.style.width).toBe('500px');
  });

  it('stays open on Esc and on a click outside', () => {
    const { onClose } = renderDialog();
    fireEvent.keyDown(dialog(), { key: 'Escape', keyCode: 27 });
    const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    fireEvent.click(screen.getByRole('button', { name: '页面按钮' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('wires the link and buttons to their callbacks', () => {
    const handlers = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '已处理异常' }));
    fireEvent.click(screen.getByRole('button', { name: '获取最新数据AI纠错' }));
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(handlers.onHandled).toHaveBeenCalledOnce();
    expect(handlers.onRefresh).toHaveBeenCalledOnce();
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });

  it('offers 忽略纠错保存项目结果 only in save mode', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: '忽略纠错保存项目结果' })).toBeNull();
  });

  it('saves ignoring the correction in save mode', () => {
    const { onSaveIgnoring } = renderDialog({ mode: 'save' });
    fireEvent.click(screen.getByRole('button', { name: '忽略纠错保存项目结果' }));
    expect(onSaveIgnoring).toHaveBeenCalledOnce();
  });

  it('strips scripts and event-handler attributes from the content', () => {
    renderDialog({
      content: '<p>ok</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1">',
    });
    const box = document.querySelector<HTMLElement>('.checkup-ai-correction-dialog__content')!;
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('img')!.hasAttribute('onerror')).toBe(false);
    expect(box.textContent).toBe('ok');
  });

  it('scrolls content taller than half the viewport', () => {
    renderDialog();
    const box = document.querySelector<HTMLElement>('.checkup-ai-correction-dialog__content')!;
    expect(box.style.maxHeight).toBe('50vh');
    expect(box.style.overflow).toBe('auto');
  });

  it('moves when its title bar is dragged, and not when its body is', () => {
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 350, y: 100, width: 500, height: 300 }),
    );
    renderDialog();
    const draggable = document.querySelector<HTMLElement>('.react-draggable')!;
    // One act per event, so the bounds measured on mouse-down are in place before the move.
    const drag = (from: Element) => {
      act(() => void fireEvent.mouseDown(from, { clientX: 400, clientY: 120, button: 0 }));
      act(() => void fireEvent.mouseMove(document, { clientX: 460, clientY: 160 }));
      act(() => void fireEvent.mouseUp(document, { clientX: 460, clientY: 160 }));
    };

    drag(screen.getByText('生成时间：', { exact: false }));
    expect(draggable.style.transform).toBe('translate(0px,0px)');
    drag(screen.getByText('AI纠错提醒'));
    expect(draggable.style.transform).toBe('translate(60px,40px)');
  });
});
