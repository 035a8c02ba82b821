import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithApp } from '../test-utils';
import { DateField, parseDay } from './date-field';
import { Modal } from './error-boundaries';

/** A required date field in a form of its own, recording every value it gives out. */
function Harness({ given, initial = '' }: { given: string[]; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Trip date"
      required
      value={value}
      onChange={(day) => {
        given.push(day);
        setValue(day);
      }}
    />
  );
}

describe('DateField', () => {
  it('reads only whole, real days written YYYY-MM-DD', () => {
    expect(parseDay('2031-02-28')).toBe('2031-02-28');
    expect(parseDay(' 2032-02-29 ')).toBe('2032-02-29');
    for (const text of ['2031-02-30', '2031-13-01', '2031-0', '28/02/2031', '']) expect(parseDay(text)).toBeNull();
  });

  it('takes a date typed key by key as one whole day, and shows it as typed', async () => {
    const given: string[] = [];
    renderWithApp(<Harness given={given} />);
    const field = screen.getByLabelText(/^Trip date/);
    expect(field).toBeRequired();
    await userEvent.type(field, '2031-03-04');
    expect(given).toEqual(['2031-03-04']);
    await userEvent.tab();
    expect(field).toHaveValue('2031-03-04');
  });

  it('goes back to empty when its text is cleared, and back to its day when a date is left half typed', async () => {
    const given: string[] = [];
    renderWithApp(<Harness given={given} initial="2031-03-04" />);
    const field = screen.getByLabelText(/^Trip date/);
    expect(field).toHaveValue('2031-03-04');
    await userEvent.clear(field);
    expect(given).toEqual(['']);

    fireEvent.change(field, { target: { value: '2031-05-0' } });
    fireEvent.blur(field);
    expect(field).toHaveValue('');
    await userEvent.type(field, '2031-05-06');
    fireEvent.change(field, { target: { value: '2031-05-' } });
    fireEvent.blur(field);
    expect(field).toHaveValue('2031-05-06');
  });

  it('closes its calendar on Escape and leaves the modal it is in open', async () => {
    const onClose = jest.fn();
    renderWithApp(
      <Modal opened onClose={onClose} title="Pick a day">
        <Harness given={[]} />
      </Modal>,
    );
    await userEvent.click(screen.getByLabelText(/^Trip date/));
    expect(screen.getByLabelText(/^Trip date/)).toHaveAttribute('data-mantine-stop-propagation', 'true');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Trip date/)).not.toHaveAttribute('data-mantine-stop-propagation');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
