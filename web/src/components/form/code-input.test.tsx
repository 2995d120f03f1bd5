// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

afterEach(cleanup);

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () => boxes().map((b) => b.value);

describe('CodeInput', () => {
  it('takes digits only and advances the focus', () => {
    render(<CodeInput onComplete={vi.fn(async () => true)} />);
    fireEvent.change(boxes()[0], { target: { value: 'a' } });
    expect(values()[0]).toBe('');
    fireEvent.change(boxes()[0], { target: { value: '4' } });
    expect(values()[0]).toBe('4');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('backspace on an empty box clears the previous one and moves back', () => {
    render(<CodeInput onComplete={vi.fn(async () => true)} />);
    fireEvent.change(boxes()[0], { target: { value: '1' } });
    fireEvent.change(boxes()[1], { target: { value: '2' } });
    fireEvent.keyDown(boxes()[2], { key: 'Backspace' });
    expect(values().slice(0, 3)).toEqual(['1', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('paste keeps the first 6 digits and auto-submits', async () => {
    const onComplete = vi.fn(async () => true);
    render(<CodeInput onComplete={onComplete} />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => 'a12-34 5678' } });
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('123456'));
  });

  it('auto-submits when the last box is typed, and clears and refocuses on failure', async () => {
    const onComplete = vi.fn(async () => false);
    render(<CodeInput onComplete={onComplete} />);
    '98765'.split('').forEach((d, i) => {
      fireEvent.change(boxes()[i], { target: { value: d } });
    });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(boxes()[5], { target: { value: '4' } });
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('987654'));
    await waitFor(() => expect(values()).toEqual(['', '', '', '', '', '']));
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
  });

  it("has the spec's verify button: off until six digits, busy while checking, and Enter submits the same way", async () => {
    let settle: (ok: boolean) => void = () => {};
    const onComplete = vi.fn(() => new Promise<boolean>((r) => (settle = r)));
    render(<CodeInput onComplete={onComplete} />);
    const button = () => screen.getByRole('button') as HTMLButtonElement;
    expect(button().textContent).toBe('Verificar código');
    expect(button().disabled).toBe(true);
    for (const [i, d] of ['1', '2', '3', '4', '5'].entries()) fireEvent.change(boxes()[i], { target: { value: d } });
    expect(button().disabled).toBe(true);
    // Five digits: submitting the form (Enter) sends nothing.
    fireEvent.submit(button().closest('form') as HTMLFormElement);
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(boxes()[5], { target: { value: '6' } });
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('123456'));
    expect(button().textContent).toBe('Verificando...');
    expect(button().disabled).toBe(true);
    settle(true);
    await waitFor(() => expect(button().textContent).toBe('Verificar código'));
    // Accepted: the digits stay, and the button sends them again if the person presses it.
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(2));
  });
});
