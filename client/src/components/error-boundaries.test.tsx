import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, renderWithApp } from '../test-utils';
import { Modal, SCREEN_FAILED } from './error-boundaries';

function Broken(): never {
  throw new TypeError("Cannot read properties of null (reading 'value')");
}

beforeEach(() => {
  // React reports an error a boundary caught on the console; the test reads the screen instead
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the modal boundary', () => {
  it('keeps a broken modal inside the modal: its message with Close, and the screen under it as it was', async () => {
    const onClose = jest.fn();
    renderWithApp(
      <>
        <p>The screen under the modal</p>
        <Modal opened onClose={onClose} title="Edit Trip">
          <Broken />
        </Modal>
      </>,
      { session: makeSession(makeProfile('school_staff')) },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Trip' });
    expect(within(dialog).getByText(SCREEN_FAILED)).toBeInTheDocument();
    expect(screen.getByText('The screen under the modal')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
