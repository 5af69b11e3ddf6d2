import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper.tsx';

afterEach(cleanup);

const TITLE = 'Polishing Lathe';

/** The stepper as the cart page uses it: the quantity lives outside, every change reported. */
function renderStepper(initial = 1) {
  const changes: number[] = [];
  const onChange = vi.fn((quantity: number) => changes.push(quantity));
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <QuantityStepper
        value={value}
        productTitle={TITLE}
        onChange={(quantity) => {
          onChange(quantity);
          setValue(quantity);
        }}
      />
    );
  }
  render(<Harness />);
  return {
    changes,
    input: screen.getByLabelText(`Quantity of ${TITLE}`) as HTMLInputElement,
    minus: screen.getByRole('button', { name: `Decrease quantity of ${TITLE}` }),
    plus: screen.getByRole('button', { name: `Increase quantity of ${TITLE}` }),
  };
}

describe('QuantityStepper', () => {
  it('steps up and down and never below 1', () => {
    const { input, minus, plus, changes } = renderStepper(1);
    expect(minus).toHaveProperty('disabled', true);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(input.value).toBe('3');
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(input.value).toBe('1');
    expect(minus).toHaveProperty('disabled', true);
    expect(changes).toEqual([2, 3, 2, 1]);
  });

  it('takes a typed quantity at once', () => {
    const { input, changes } = renderStepper(2);
    fireEvent.change(input, { target: { value: '12' } });
    expect(input.value).toBe('12');
    expect(changes).toEqual([12]);
    fireEvent.blur(input);
    expect(input.value).toBe('12');
    expect(changes).toEqual([12]);
  });

  it('lets the field be empty while typing and resets it to 1 on blur', () => {
    const { input, changes } = renderStepper(4);
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    expect(changes).toEqual([]);
    fireEvent.blur(input);
    expect(input.value).toBe('1');
    expect(changes).toEqual([1]);
  });

  it('resets 0 and other invalid numbers to 1 on blur', () => {
    for (const typed of ['0', '-3', '2.5']) {
      const { input, changes } = renderStepper(5);
      fireEvent.change(input, { target: { value: typed } });
      expect(changes).toEqual([]);
      fireEvent.blur(input);
      expect(input.value).toBe('1');
      expect(changes).toEqual([1]);
      cleanup();
    }
  });

  it('caps the quantity at 999', () => {
    const { input, plus, changes } = renderStepper(998);
    fireEvent.click(plus);
    expect(input.value).toBe('999');
    expect(plus).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '5000' } });
    expect(input.value).toBe('999');
    expect(changes).toEqual([999]);
  });

  it('shows a quantity changed from outside', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <QuantityStepper value={2} onChange={onChange} productTitle={TITLE} />,
    );
    rerender(<QuantityStepper value={6} onChange={onChange} productTitle={TITLE} />);
    expect((screen.getByLabelText(`Quantity of ${TITLE}`) as HTMLInputElement).value).toBe('6');
    expect(onChange).not.toHaveBeenCalled();
  });
});
