import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeBoard } from '../../features/dispatch/test-board';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { AppRoutes } from '../app-routes';

beforeEach(() => {
  mockFetch({
    'GET /api/dispatch/board': () => ({ body: makeBoard() }),
    'GET /api/notifications': () => ({ body: [] }),
  });
});

describe('skip link', () => {
  it('is the first stop of the Tab key, shows itself, and moves the focus past the header and sidebar to the screen', async () => {
    renderWithApp(<AppRoutes />, { route: '/dispatch/run-sheet', session: makeSession(makeProfile('bus_company', { active_org_id: 21 })) });
    await screen.findByRole('heading', { name: 'Run Sheet' });

    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).not.toHaveStyle({ left: '8px' });
    await userEvent.tab();
    expect(skip).toHaveFocus();
    expect(skip).toHaveStyle({ left: '8px' });

    await userEvent.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('id', 'main-content');
    expect(skip).not.toHaveStyle({ left: '8px' });
  });
});
