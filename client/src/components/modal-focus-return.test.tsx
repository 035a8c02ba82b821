import { Button, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithApp } from '../test-utils';
import { Modal } from './error-boundaries';

function OpenedFromButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button>Before</Button>
      <Button onClick={() => setOpened(true)}>Edit Driver</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit Driver">
        <Button onClick={() => setOpened(false)}>Cancel</Button>
      </Modal>
    </>
  );
}

/** The modal opens from a menu item, which leaves the page with its menu. */
function OpenedFromMenu() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpened(true)}>Rename</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Rename">
        <Button onClick={() => setOpened(false)}>Cancel</Button>
      </Modal>
    </>
  );
}

/** Mounted already open and unmounted on close, as a screen that renders `{editing && <Modal opened … />}` does. */
function MountedOpen() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button onClick={() => setEditing(true)}>Add Bus</Button>
      {editing ? (
        <Modal opened onClose={() => setEditing(false)} title="Add Bus">
          <Button onClick={() => setEditing(false)}>Cancel</Button>
        </Modal>
      ) : null}
    </>
  );
}

/** The list under the modal renders its rows afresh while the modal is open (a live update): the opener is a new button. */
function RowRenderedAfresh() {
  const [opened, setOpened] = useState(false);
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <Button key={generation} data-trip-id="7" onClick={() => setOpened(true)}>
        Details
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Trip details">
        <Button onClick={() => setGeneration((g) => g + 1)}>Refresh</Button>
        <Button onClick={() => setOpened(false)}>Done</Button>
      </Modal>
    </>
  );
}

/** A confirm dialog over a details modal, in one Modal.Stack. */
function Stacked() {
  const [details, setDetails] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Button onClick={() => setDetails(true)}>Open trip</Button>
      <Modal.Stack>
        <Modal stackId="details" opened={details} onClose={() => setDetails(false)} title="Trip">
          <Button onClick={() => setConfirm(true)}>Cancel trip</Button>
          <Button onClick={() => setDetails(false)}>Done</Button>
        </Modal>
        <Modal stackId="confirm" opened={confirm} onClose={() => setConfirm(false)} title="Cancel this trip?">
          <Button onClick={() => setConfirm(false)}>No</Button>
        </Modal>
      </Modal.Stack>
    </>
  );
}

const inDialog = async (name: string) => {
  const dialog = await screen.findByRole('dialog', { name });
  // the modal's focus trap moves the focus in (a timer)
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
};

describe('Modal: focus back to the opener', () => {
  it('gives the focus back to the button that opened it', async () => {
    renderWithApp(<OpenedFromButton />);
    const opener = screen.getByRole('button', { name: 'Edit Driver' });
    await userEvent.click(opener);
    await inDialog('Edit Driver');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives it back after Escape too, opened from the keyboard', async () => {
    renderWithApp(<OpenedFromButton />);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Edit Driver' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await inDialog('Edit Driver');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Driver' })).toHaveFocus());
  });

  it("gives it to the menu's button when a menu item, gone with its menu, opened it", async () => {
    renderWithApp(<OpenedFromMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await inDialog('Rename');
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
  });

  it('gives it back when the modal was mounted open and is unmounted on close', async () => {
    renderWithApp(<MountedOpen />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Bus' }));
    await inDialog('Add Bus');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Bus' })).toHaveFocus());
  });

  it('gives it to the same control rendered afresh when the opener itself left the page', async () => {
    renderWithApp(<RowRenderedAfresh />);
    const first = screen.getByRole('button', { name: 'Details' });
    await userEvent.click(first);
    await inDialog('Trip details');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(first).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Details' })).toHaveFocus());
  });

  it('in a stack, gives it to the button in the modal below, then to the opener of that modal', async () => {
    renderWithApp(<Stacked />);
    await userEvent.click(screen.getByRole('button', { name: 'Open trip' }));
    await inDialog('Trip');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel trip' }));
    await inDialog('Cancel this trip?');
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel trip' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open trip' })).toHaveFocus());
  });

  it('leaves the focus alone when asked not to return it', async () => {
    function NoReturn() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <Button onClick={() => setOpened(true)}>Open</Button>
          <Modal opened={opened} onClose={() => setOpened(false)} title="Quiet" returnFocus={false}>
            <Button onClick={() => setOpened(false)}>Close it</Button>
          </Modal>
        </>
      );
    }
    renderWithApp(<NoReturn />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await inDialog('Quiet');
    await userEvent.click(screen.getByRole('button', { name: 'Close it' }));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getByRole('button', { name: 'Open' })).not.toHaveFocus();
  });
});
