import type { Locator, Page } from 'playwright-core';

/**
 * Every screen of every role, in one list, for the accessibility suite (a11y.browser.ts): axe checks each of
 * them, light and dark, at 1280 and 390 px. A new screen joins by adding an entry here (a path, what to wait for,
 * and for a modal or menu how to open it) to the roles that see it.
 */
export interface A11yScreen {
  /** How the report names it. */
  name: string;
  path: string;
  /** Resolves once the screen shows its content. */
  ready: (page: Page) => Promise<unknown>;
  /** For a modal, menu or message on top of the screen: opens it and waits until it shows. */
  open?: (page: Page) => Promise<unknown>;
  /** Only at these widths (the phone's navigation drawer); every width when absent. */
  widths?: readonly number[];
  /** A page outside the console (the API documentation) follows the system's colour scheme, not the console's choice. */
  systemScheme?: boolean;
}

export interface A11yRole {
  role: string;
  /** The demo account (password demo1234); null for a visitor who is not signed in. */
  email: string | null;
  screens: A11yScreen[];
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const tripRows = (page: Page) => page.locator('[data-trip-id]').first().waitFor();

/** The actions row under a trip in All Trips (the chevron opens it). */
async function openRowActions(page: Page, destination: string): Promise<Locator> {
  await page.getByPlaceholder('Search destination, notes, or type').fill(destination);
  await page.getByRole('button', { name: `Show actions for ${destination}` }).click();
  const group = page.getByRole('group', { name: `Actions for ${destination}` });
  await group.waitFor();
  return group;
}

async function openTripDetails(page: Page, destination: string): Promise<Locator> {
  await page.getByPlaceholder('Search destination, notes, or type').fill(destination);
  await page.locator('[data-trip-id]').filter({ hasText: destination }).getByRole('button', { name: destination, exact: true }).click();
  const details = dialog(page, 'View trip details');
  await details.getByText('Requested the trip').waitFor();
  return details;
}

async function openCalendar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Show Calendar View' }).click();
  await page.locator('.rbc-month-view .rbc-event').first().waitFor();
}

// ---- screens, shared by the roles that see them ----

const login: A11yScreen = { name: 'Sign in', path: '/login', ready: (p) => heading(p, 'Sign in') };
const loginMessages: A11yScreen = {
  ...login,
  name: 'Sign in, with its messages',
  open: async (p) => {
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.getByText('Email and password are required.').waitFor();
    await p.getByRole('button', { name: 'Sign in with Google' }).click();
    await p.getByText("Sign-in isn't configured yet. This button is a placeholder.").first().waitFor();
  },
};
/** GET /api/docs: the server's own page, for whoever reads the API. */
const apiDocs: A11yScreen = {
  name: 'API documentation',
  path: '/api/docs',
  ready: (p) => heading(p, 'API documentation'),
  systemScheme: true,
};
const register: A11yScreen = { name: 'Register', path: '/register', ready: (p) => heading(p, 'Create an account') };
const registerMessages: A11yScreen = {
  ...register,
  name: 'Register, with its messages',
  open: async (p) => {
    await p.getByRole('button', { name: 'Register', exact: true }).click();
    await p.getByText('Name is required.').waitFor();
  },
};
const registerRoles: A11yScreen = {
  ...register,
  name: 'Register, the role list open',
  open: async (p) => {
    await p.getByRole('combobox', { name: 'Role' }).click();
    await p.getByRole('listbox').waitFor();
  },
};

const dashboard: A11yScreen = { name: 'Dashboard', path: '/', ready: (p) => p.getByText('Upcoming Trips').first().waitFor() };
const notifications: A11yScreen = {
  ...dashboard,
  name: 'Dashboard, notifications open',
  open: async (p) => {
    await p.getByRole('button', { name: /^Notifications/ }).click();
    await p.getByRole('menu').waitFor();
  },
};
const helpMenu: A11yScreen = {
  ...dashboard,
  name: 'Dashboard, help menu open',
  open: async (p) => {
    await p.getByRole('button', { name: 'Help', exact: true }).click();
    await p.getByRole('menu').waitFor();
  },
};
const userMenu: A11yScreen = {
  ...dashboard,
  name: 'Dashboard, user menu open',
  open: async (p) => {
    await p.getByRole('button', { name: 'User menu' }).click();
    await p.getByRole('menu').waitFor();
  },
};
const drawer = (path: string, ready: A11yScreen['ready']): A11yScreen => ({
  name: 'Navigation drawer',
  path,
  ready,
  widths: [390],
  open: async (p) => {
    await p.getByRole('button', { name: 'Open navigation' }).click();
    await p.getByRole('dialog').getByRole('navigation', { name: 'Main navigation' }).waitFor();
  },
});
const requestTrip: A11yScreen = {
  ...dashboard,
  name: 'Request New Trip, with its messages',
  open: async (p) => {
    await p.getByRole('button', { name: 'Request New Trip' }).click();
    const request = dialog(p, 'Request New Trip');
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await request.getByText('Destination is required.').waitFor();
  },
};

const trips: A11yScreen = { name: 'All Trips, table', path: '/trips', ready: tripRows };
const rowActions = (destination: string): A11yScreen => ({
  ...trips,
  name: `All Trips, the actions of ${destination}`,
  open: (p) => openRowActions(p, destination),
});
const calendarMonth: A11yScreen = { ...trips, name: 'All Trips, calendar month', open: openCalendar };
const calendarWeek: A11yScreen = {
  ...trips,
  name: 'All Trips, calendar week',
  open: async (p) => {
    await openCalendar(p);
    await p.getByRole('button', { name: 'Week', exact: true }).click();
    await p.locator('.rbc-time-view').waitFor();
  },
};
const tripDetails: A11yScreen = { ...trips, name: 'Trip details', open: (p) => openTripDetails(p, 'Botanical Gardens') };
const tripEdit: A11yScreen = {
  ...trips,
  name: 'Edit Trip',
  open: async (p) => {
    const details = await openTripDetails(p, 'Botanical Gardens');
    await details.getByRole('button', { name: 'Edit' }).click();
    await dialog(p, 'Edit Trip').getByRole('button', { name: 'Save Changes' }).waitFor();
  },
};
const tripPassengers: A11yScreen = {
  ...trips,
  name: 'View Passengers',
  open: async (p) => {
    const details = await openTripDetails(p, 'Botanical Gardens');
    await details.getByRole('button', { name: 'View Passengers' }).click();
    await dialog(p, 'View Passengers').getByRole('table').waitFor();
  },
};
const assignBus: A11yScreen = {
  ...trips,
  name: 'Assign Bus',
  open: async (p) => {
    const actions = await openRowActions(p, 'Mountain Lodge');
    await actions.getByRole('button', { name: 'Assign Bus' }).click();
    const assign = dialog(p, 'Assign Bus');
    await assign.getByRole('button', { name: 'Add Bus' }).click();
    await assign.getByRole('button', { name: 'Edit bus 1' }).waitFor();
  },
};
const confirmReject: A11yScreen = {
  ...trips,
  name: 'Reject Trip confirmation',
  open: async (p) => {
    const actions = await openRowActions(p, 'Science Discovery Centre');
    await actions.getByRole('button', { name: 'Reject' }).click();
    await dialog(p, 'Reject Trip').getByText('Are you sure you want to reject this trip?').waitFor();
  },
};
const managePassengers: A11yScreen = {
  ...trips,
  name: 'Manage Passengers',
  open: async (p) => {
    const actions = await openRowActions(p, 'Botanical Gardens');
    await actions.getByRole('button', { name: 'Manage Passengers' }).click();
    await dialog(p, 'Manage Passengers').getByRole('button', { name: 'Add' }).waitFor();
  },
};
const editRequest: A11yScreen = {
  ...trips,
  name: 'Edit Trip as an edit request',
  open: async (p) => {
    const actions = await openRowActions(p, 'Botanical Gardens');
    await actions.getByRole('button', { name: 'Edit' }).click();
    await dialog(p, 'Edit Trip').getByRole('button', { name: 'Send Edit Request' }).waitFor();
  },
};

// a table on a wide screen, a card each on a phone
const bookings: A11yScreen = {
  name: 'Extra Bus Bookings',
  path: '/bookings',
  ready: (p) => p.locator('[data-booking-id]').first().waitFor(),
};
const newBooking: A11yScreen = {
  ...bookings,
  name: 'New Bus Booking, with its messages',
  open: async (p) => {
    await p.getByRole('button', { name: '+ New Booking' }).click();
    const booking = dialog(p, 'New Bus Booking');
    await booking.getByRole('button', { name: 'Submit Booking' }).click();
    await booking.getByText('Start date is required.').waitFor();
  },
};
const finance: A11yScreen = { name: 'Finance', path: '/finance', ready: (p) => p.locator('[data-invoice-id]').first().waitFor() };
// the invoices the role may see (a table, cards on a phone), or the words for none yet
const invoices: A11yScreen = {
  name: 'Invoices',
  path: '/invoices',
  ready: async (p) => {
    await heading(p, 'Invoices');
    await p.locator('[data-invoice-id]').or(p.getByText('No invoices yet.')).first().waitFor();
  },
};
const users: A11yScreen = { name: 'User Management', path: '/admin/users', ready: (p) => p.locator('[data-user-id]').first().waitFor() };
const approvals: A11yScreen = {
  name: 'Pending Users',
  path: '/admin/approvals',
  ready: (p) =>
    p
      .getByRole('button', { name: /^Approve / })
      .first()
      .waitFor(),
};
// Approval at the school: the requests waiting for the user (the admin sees the tenant's), and the policy below them
const tripApprovals: A11yScreen = {
  name: 'Approvals',
  path: '/approvals',
  ready: async (p) => {
    await p
      .getByRole('list', { name: 'Requests waiting for your approval' })
      .or(p.getByText('No requests wait for your approval.'))
      .first()
      .waitFor();
    const policy = p.getByRole('region', { name: 'Approval policy' });
    await policy
      .getByRole('combobox', { name: 'School' })
      .or(policy.getByRole('button', { name: 'Save policy' }))
      .first()
      .waitFor();
  },
};
const roles: A11yScreen = {
  name: 'Role Permissions',
  path: '/admin/roles',
  ready: (p) => p.getByRole('checkbox').first().waitFor(),
};
const globalAdmin: A11yScreen = {
  name: 'Global Admin',
  path: '/admin/global',
  ready: (p) =>
    p
      .getByRole('button', { name: /^Remove / })
      .first()
      .waitFor(),
};
const settings: A11yScreen = { name: 'Account Settings', path: '/settings', ready: (p) => heading(p, 'Account Settings') };
const settingsMessages: A11yScreen = {
  ...settings,
  name: 'Account Settings, with its messages',
  open: async (p) => {
    await p.getByLabel(/^Name/).fill('');
    await p.getByLabel(/^New password/).fill('another-pass-1');
    await p.getByLabel(/^Confirm password/).fill('another-pass-2');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Passwords do not match.').waitFor();
  },
};
// the dispatch board (its waiting lane, the driver view, Assign Bus from a row) and the fleet screen
const board: A11yScreen = {
  name: 'Dispatch Board',
  path: '/dispatch',
  ready: (p) => p.getByRole('region', { name: 'Needs a bus' }).waitFor(),
};
const boardDrivers: A11yScreen = {
  name: 'Dispatch Board, drivers',
  path: '/dispatch?view=drivers',
  ready: (p) =>
    p
      .getByText(/Licence expires /)
      .first()
      .waitFor(),
};
const boardAssign: A11yScreen = {
  ...board,
  name: 'Dispatch Board, Assign Bus from the waiting lane',
  open: async (p) => {
    await p
      .getByRole('region', { name: 'Needs a bus' })
      .getByRole('button', { name: /^Space Museum/ })
      .click();
    await dialog(p, 'Assign Bus').getByRole('combobox', { name: 'Fleet bus' }).waitFor();
  },
};
const fleet: A11yScreen = { name: 'Fleet', path: '/fleet', ready: (p) => p.getByRole('button', { name: 'Edit Bus 12' }).waitFor() };
const fleetAddBus: A11yScreen = {
  ...fleet,
  name: 'Fleet, Add Bus with its messages',
  open: async (p) => {
    await p.getByRole('button', { name: 'Add Bus' }).click();
    const form = dialog(p, 'Add Bus');
    await form.getByRole('button', { name: 'Add Bus' }).click();
    await form.getByText('Bus name or number is required.').waitFor();
  },
};
const fleetInvite: A11yScreen = {
  ...fleet,
  name: 'Fleet, invite a driver',
  open: async (p) => {
    await p.getByRole('button', { name: 'Invite Omar Haddad', exact: true }).click();
    await dialog(p, 'Invite Omar Haddad').getByRole('button', { name: 'Create link' }).waitFor();
  },
};
// The rate card: ready once the form is there (with the current version or "No rate card yet" above it).
const rates: A11yScreen = {
  name: 'Rates',
  path: '/rates',
  ready: async (p) => {
    await heading(p, 'Rates');
    await p.getByRole('button', { name: 'Save rates' }).waitFor();
  },
};
// The driver's one screen: the demo driver has today's Central Library trip on top.
const today: A11yScreen = {
  name: 'Your day',
  path: '/today',
  ready: (p) => p.getByRole('region', { name: 'Current trip to Central Library' }).waitFor(),
};
const unauthorized = (path: string): A11yScreen => ({
  name: 'Not allowed',
  path,
  ready: (p) => heading(p, "You don't have access to that page"),
});

export const A11Y_ROLES: A11yRole[] = [
  { role: 'visitor', email: null, screens: [login, loginMessages, register, registerMessages, registerRoles, apiDocs] },
  {
    role: 'admin',
    email: 'admin@demo.test',
    screens: [
      dashboard,
      notifications,
      helpMenu,
      userMenu,
      drawer('/', dashboard.ready),
      trips,
      rowActions('Science Discovery Centre'),
      calendarMonth,
      calendarWeek,
      tripDetails,
      tripEdit,
      tripPassengers,
      assignBus,
      confirmReject,
      tripApprovals,
      bookings,
      newBooking,
      finance,
      invoices,
      board,
      fleet,
      rates,
      users,
      approvals,
      roles,
      globalAdmin,
      settings,
      settingsMessages,
    ],
  },
  {
    role: 'platform admin',
    email: 'root@platform.test',
    screens: [dashboard, globalAdmin, users],
  },
  {
    role: 'school staff',
    email: 'staff.greenfield@demo.test',
    screens: [
      dashboard,
      requestTrip,
      trips,
      rowActions('Botanical Gardens'),
      managePassengers,
      editRequest,
      tripApprovals,
      bookings,
      newBooking,
      invoices,
      settings,
      unauthorized('/admin/users'),
    ],
  },
  {
    role: 'bus company',
    email: 'dispatch.desertstar@demo.test',
    screens: [
      dashboard,
      notifications,
      trips,
      rowActions('Opera House'),
      tripDetails,
      calendarMonth,
      board,
      boardDrivers,
      boardAssign,
      fleet,
      fleetAddBus,
      fleetInvite,
      rates,
      invoices,
      settings,
      unauthorized('/bookings'),
    ],
  },
  { role: 'driver', email: 'driver.desertstar@demo.test', screens: [today] },
  {
    role: 'finance',
    email: 'finance@demo.test',
    screens: [trips, finance, invoices, tripDetails, settings, unauthorized('/')],
  },
  {
    role: 'trip manager',
    email: 'manager@demo.test',
    screens: [dashboard, trips, board, bookings, settings, unauthorized('/finance')],
  },
];
