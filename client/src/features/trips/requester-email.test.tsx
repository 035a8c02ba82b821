import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-utils';
import { RequesterEmail } from './requester-email';

describe('requester e-mail popover', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function openAndCopy(writeText: jest.Mock) {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // after setup: user-event puts its own clipboard stub in place
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<RequesterEmail name="Grace Green" email="staff.greenfield@demo.test" />);
    await user.click(screen.getByRole('button', { name: 'Grace Green' }));
    expect(await screen.findByText('staff.greenfield@demo.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => {}); // the copy answers asynchronously
  }

  it('copies the address and shows "Copied!" for 1.2 s', async () => {
    const writeText = jest.fn(async () => {});
    await openAndCopy(writeText);
    expect(writeText).toHaveBeenCalledWith('staff.greenfield@demo.test');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(150));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows "Retry" for 1.5 s when copying fails', async () => {
    await openAndCopy(jest.fn(async () => Promise.reject(new Error('denied'))));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1400));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(150));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
