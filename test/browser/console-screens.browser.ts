import type { Locator, Page } from 'playwright-core';
import { useConsole } from '../support/browser';
import { fillDate, LOOKS, routeTo, SCHEME_KEY, type Scheme, schemeShown, shot, switchSchemeInPlace } from './page-helpers';

/**
 * Every screen that is not a trip screen, as each role sees it, light and dark, at 1280 px and 390 px:
 * sign-in, register, the shell (notifications, help, user menu, theme switch, the phone drawer), the
 * not-allowed page, unknown paths, Account Settings, User Management, Pending Users, Role Permissions,
 * Global Admin, Extra Bus Bookings with its "+ New Booking" modal, Finance. Each screen is checked for
 * sideways overflow and screenshotted into test/browser/screenshots/. Last, an admin watches the
 * pending-users count rise live while someone registers, and fall again when they approve them.
 */

/** The sidebar's links in the console's shell, label -> path. */
const PATHS: Record<string, string> = {
  Dashboard: '/',
  'All Trips': '/trips',
  Approvals: '/approvals',
  'Dispatch Board': '/dispatch',
  Fleet: '/fleet',
  Rates: '/rates',
  'Extra Bookings': '/bookings',
  Finance: '/finance',
  Invoices: '/invoices',
  Users: '/admin/users',
  'Pending Users': '/admin/approvals',
  'Role Permissions': '/admin/roles',
  'Global Admin': '/admin/global',
  Settings: '/settings',
};
const ADMIN_LINKS = [
  'Dashboard',
  'All Trips',
  'Approvals',
  'Dispatch Board',
  'Fleet',
  'Rates',
  'Extra Bookings',
  'Finance',
  'Invoices',
  'Users',
  'Pending Users',
  'Role Permissions',
  'Global Admin',
  'Settings',
];
const NOT_ALLOWED = "You don't have access to that page";

describe('console screens beyond the trips, per role, light and dark, desktop and phone', () => {
  const app = useConsole();
  afterEach(() => app.closeContexts());

  async function open(email: string, scheme: Scheme, width: number): Promise<Page> {
    const { page } = await app.signIn(email, { width, colorScheme: scheme });
    await switchSchemeInPlace(page, scheme);
    return page;
  }

  async function openSignedOut(scheme: Scheme, width: number): Promise<Page> {
    const context = await app.newContext({ viewport: { width, height: 860 }, colorScheme: scheme });
    // chosen before the page first loads, as a returning visitor's choice is
    await context.addInitScript(([key, s]) => localStorage.setItem(key, s), [SCHEME_KEY, scheme] as const);
    const page = await context.newPage();
    await page.goto('/login');
    await schemeShown(page, scheme);
    return page;
  }

  const heading = (page: Page | Locator, name: string) => page.getByRole('heading', { name, exact: true });
  const see = (page: Page | Locator, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  /** Moves to `path` through the console's router, as its links do, and waits for the screen's title. */
  async function goto(page: Page, path: string, title: string): Promise<void> {
    await routeTo(page, path);
    await heading(page, title).waitFor();
  }

  /**
   * Moves to `path` through the console's router and expects it to send the page on to `landing` instead: the router
   * has taken the page away from `path` (where history has just put it), and onto `landing`.
   */
  async function expectRedirect(page: Page, path: string, landing: string): Promise<void> {
    await routeTo(page, path);
    await page.waitForFunction((left) => location.pathname !== left, path);
    await page.waitForURL((u) => u.pathname === landing);
  }

  async function expectNotAllowed(page: Page, path: string, role: string, back: string): Promise<void> {
    await expectRedirect(page, path, '/unauthorized');
    await heading(page, NOT_ALLOWED).waitFor();
    await page.getByText(`not available to your role (${role})`).waitFor();
    await page.getByRole('link', { name: `Back to ${back}`, exact: true }).waitFor();
  }

  async function expectGreeting(page: Page, name: string): Promise<void> {
    await page.getByRole('banner').getByText(`Hello, ${name}`, { exact: true }).waitFor();
  }

  /** The breadcrumb's words after Home, e.g. ['Admin', 'Users']. */
  async function breadcrumb(page: Page): Promise<string[]> {
    const text = await page.getByLabel('Breadcrumb').innerText();
    return text
      .split(/[\n/]/)
      .map((s) => s.trim())
      .filter(Boolean);
  }

  async function navLinks(nav: Locator): Promise<string[][]> {
    await nav.getByRole('link').first().waitFor();
    return nav
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => [a.querySelector('.mantine-NavLink-label')?.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname]),
      );
  }

  /**
   * The sidebar offers exactly `labels`. On a phone it is a drawer: opened with the burger, screenshotted,
   * then closed the way `close` says (close button, outside click, Escape or a route change: each closes a modal).
   */
  async function expectSidebar(
    page: Page,
    width: number,
    labels: string[],
    shotName: string,
    close: 'button' | 'outside' | 'escape' | { link: string },
  ): Promise<void> {
    const expected = labels.map((label) => [label, PATHS[label]]);
    if (width >= 768) {
      expect(await navLinks(page.getByRole('navigation', { name: 'Main navigation' }))).toEqual(expected);
      return;
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Main navigation' }) });
    await drawer.waitFor();
    expect(await navLinks(drawer.getByRole('navigation', { name: 'Main navigation' }))).toEqual(expected);
    await shot(page, shotName);
    if (close === 'button') await drawer.getByRole('button', { name: 'Close navigation' }).click();
    else if (close === 'escape') await page.keyboard.press('Escape');
    else if (close === 'outside') await page.mouse.click(width - 20, 500);
    else {
      await drawer.getByRole('link', { name: close.link }).click();
      await page.waitForURL((u) => u.pathname === PATHS[close.link]);
    }
    await drawer.waitFor({ state: 'hidden' });
  }

  async function openUserMenu(page: Page, name: string, role: string): Promise<Locator> {
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(name, { exact: true }).waitFor();
    await menu.getByText(role, { exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    return menu;
  }

  /**
   * A list's column headings on a wide screen; on a phone, where each record is a card (its buttons in view), the
   * list of cards instead and no table.
   */
  async function columnsOrCards(page: Page, width: number, columns: string[], cards: string): Promise<void> {
    if (width > 576) {
      for (const column of columns) await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      return;
    }
    await page.getByRole('list', { name: cards }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  }

  async function closeMenu(page: Page, menu: Locator): Promise<void> {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }

  for (const [scheme, width] of LOOKS) {
    const tag = `${scheme}-${width}`;

    it(`shows a visitor the sign-in and register pages, and sends unknown paths to sign-in (${tag})`, async () => {
      const page = await openSignedOut(scheme, width);
      await heading(page, 'Sign in').waitFor();
      await see(page, 'School Transport Console');
      await page.getByLabel(/^Email/).waitFor();
      await page.getByLabel(/^Password/).waitFor();
      await page.getByRole('button', { name: 'Sign in with Microsoft' }).waitFor();
      await see(page, 'Single sign-on may need to be enabled by your school admin.');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await see(page, 'Email and password are required.');
      // the second single-sign-on button is only a placeholder
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await see(page, "Sign-in isn't configured yet. This button is a placeholder.");
      await shot(page, `login-${tag}`, true);

      // without a session, shell routes and unknown paths go to /login
      await expectRedirect(page, '/no-such-page', '/login');
      await expectRedirect(page, '/settings', '/login');

      await page.getByRole('link', { name: 'Register', exact: true }).click();
      await page.waitForURL('**/register');
      await heading(page, 'Create an account').waitFor();
      await see(page, 'An administrator approves new accounts before they can sign in.');
      await page.getByRole('button', { name: 'Prefill from Microsoft account' }).waitFor();
      for (const label of [/^Full name/, /^Email/, /^Password/]) await page.getByLabel(label).waitFor();
      // registration: school_staff is the default role; admin cannot be chosen
      const role = page.getByRole('combobox', { name: 'Role' });
      expect(await role.inputValue()).toBe('School Staff');
      await role.click();
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      expect(await listbox.getByRole('option').allInnerTexts()).toEqual(['School Staff', 'Bus Company', 'Finance']);
      await shot(page, `register-roles-${tag}`);
      await page.keyboard.press('Escape');
      await listbox.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await see(page, 'Name is required.');
      await see(page, 'Email is required.');
      await see(page, 'Password is required.');
      await shot(page, `register-${tag}`, true);
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/login');
    });

    it(`walks an admin through the shell, Settings, Users, Pending Users, Roles, Global Admin, Bookings and Finance (${tag})`, async () => {
      const page = await open('admin@demo.test', scheme, width);
      await expectGreeting(page, 'Dana Admin');
      await expectSidebar(page, width, ADMIN_LINKS, `drawer-admin-${tag}`, { link: 'Pending Users' });

      // shell: notifications, help, user menu
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const notifications = page.getByRole('menu');
      await see(notifications, 'Notifications');
      // the tenant's admins are paged when an accepted trip still needs a bus (the demo's Space Museum; docs/domain.md, Needs a bus)
      await notifications.getByRole('menuitem', { name: /^Needs a bus: Space Museum departs .* and has no bus yet\./ }).waitFor();
      await shot(page, `shell-notifications-${tag}`);
      await closeMenu(page, notifications);

      await page.getByRole('button', { name: 'Help', exact: true }).click();
      const help = page.getByRole('menu');
      for (const item of ['Documentation', 'Support Site', 'Contact us']) await help.getByRole('menuitem', { name: item }).waitFor();
      await shot(page, `shell-help-${tag}`);
      await help.getByRole('menuitem', { name: 'Documentation' }).click();
      await see(page, 'Documentation is not available yet.');
      await help.waitFor({ state: 'hidden' });

      const userMenu = await openUserMenu(page, 'Dana Admin', 'Admin');
      await shot(page, `shell-user-menu-${tag}`);
      await userMenu.getByRole('menuitem', { name: 'Settings' }).click();
      await page.waitForURL('**/settings');

      // theme switch, to the other scheme and back
      const other = scheme === 'light' ? 'dark' : 'light';
      await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
      await schemeShown(page, other);
      expect(await page.evaluate((key) => localStorage.getItem(key), SCHEME_KEY)).toBe(other);
      await page.getByRole('button', { name: `Switch to ${scheme} theme` }).click();
      await schemeShown(page, scheme);

      // Account Settings: email and role read-only, name and password editable
      await heading(page, 'Account Settings').waitFor();
      expect(await breadcrumb(page)).toEqual(['Home', 'Settings']);
      const email = page.getByLabel('Email', { exact: true });
      expect(await email.inputValue()).toBe('admin@demo.test');
      expect(await email.isEditable()).toBe(false);
      const roleField = page.getByLabel('Role', { exact: true });
      expect(await roleField.inputValue()).toBe('Admin');
      expect(await roleField.isEditable()).toBe(false);
      const name = page.getByLabel(/^Name/);
      expect(await name.inputValue()).toBe('Dana Admin');
      await page.getByLabel(/^New password/).fill('another-pass-1');
      await page.getByLabel(/^Confirm password/).fill('another-pass-2');
      await name.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await see(page, 'Name is required.');
      await see(page, 'Passwords do not match.');
      await shot(page, `settings-admin-${tag}`, true);

      // User Management (a table, on a phone a card each: role select, status select, Save per user)
      await goto(page, '/admin/users', 'User Management');
      expect(await breadcrumb(page)).toEqual(['Home', 'Admin', 'Users']);
      await columnsOrCards(page, width, ['Name', 'Email', 'Role', 'Status'], 'Users');
      expect(await page.getByRole('combobox', { name: 'Role of Grace Green' }).inputValue()).toBe('School Staff');
      expect(await page.getByRole('combobox', { name: 'Status of Penny Pending' }).inputValue()).toBe('Pending');
      expect(await page.getByRole('button', { name: 'Save Grace Green' }).isDisabled()).toBe(true);
      expect(await page.getByRole('columnheader', { name: 'Tenant' }).count()).toBe(0);
      await shot(page, `admin-users-${tag}`, true);
      await page.getByLabel('Search users').fill('penny');
      await page.getByRole('combobox', { name: 'Role of Grace Green' }).waitFor({ state: 'detached' });
      expect(await page.locator('[data-user-id]').count()).toBe(1);

      // Pending Users: one row (a card on a phone) per pending account, each with Approve
      await goto(page, '/admin/approvals', 'Pending Users');
      const penny = page.locator('[data-user-id]').filter({ hasText: 'pending@demo.test' });
      await penny.getByText('Penny Pending').waitFor();
      await penny.getByRole('button', { name: 'Approve Penny Pending' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Organization of Penny Pending' }).inputValue()).toBe('Greenfield Primary');
      await shot(page, `admin-approvals-${tag}`, true);

      // Role Permissions: the matrix, an add-role input, Save Changes (docs/domain.md, Role permissions)
      await goto(page, '/admin/roles', 'Role Permissions');
      await see(page, 'These are the default permissions; nobody has changed them yet.');
      const box = (role: string, permission: string) => page.getByRole('checkbox', { name: `${role} ${permission}`, exact: true });
      expect(await box('school_staff', 'Request trips').isChecked()).toBe(true);
      expect(await box('school_staff', 'Edit trips').isChecked()).toBe(false);
      expect(await box('finance', 'Finance access').isChecked()).toBe(true);
      const saveRoles = page.getByRole('button', { name: 'Save Changes' });
      expect(await saveRoles.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Add Role' }).click();
      await see(page, 'Invalid or duplicate role name.');
      await page.getByLabel('New role name').fill('Transport Coordinator');
      await page.getByRole('button', { name: 'Add Role' }).click();
      await box('transport_coordinator', 'Request trips').waitFor();
      expect(await box('transport_coordinator', 'Request trips').isChecked()).toBe(false);
      expect(await saveRoles.isDisabled()).toBe(false);
      await shot(page, `admin-roles-${tag}`, true);

      // Global Admin as a tenant admin: their tenant only, no Add Tenant form
      await goto(page, '/admin/global', 'Global Admin');
      for (const section of ['Tenants', 'Organizations', 'Partnerships']) await heading(page, section).waitFor();
      // a record is a table row, or on a phone a card (data-record either way)
      await page
        .locator('[data-record^="tenant-"]')
        .filter({ hasText: 'Demo District' })
        .getByRole('button', { name: 'View Orgs of Demo District' })
        .waitFor();
      expect(await page.getByText('Northwind Schools').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create Tenant' }).count()).toBe(0);
      await page.locator('[data-record^="org-"]').filter({ hasText: 'Greenfield Primary' }).getByText('Demo Education Group').waitFor();
      await page.getByRole('button', { name: 'Remove Greenfield Primary – Desert Star Buses' }).waitFor();
      await see(page, 'Links one school to one bus company. Repeat to add more.');
      await page.getByRole('button', { name: 'Create Organization' }).waitFor();
      await page.getByRole('button', { name: 'Create Partnership' }).waitFor();
      await shot(page, `global-admin-tenant-${tag}`, true);

      // Extra Bus Bookings and the "+ New Booking" modal (docs/domain.md, Bookings)
      await goto(page, '/bookings', 'Extra Bus Bookings');
      await columnsOrCards(page, width, ['Title', 'When', 'Students', 'Adults', 'Status', 'Created', 'Action'], 'Bookings');
      const requested = page.locator('[data-booking-id]').filter({ hasText: 'Science museum visit' });
      await requested.getByRole('button', { name: 'Approve' }).waitFor();
      await requested.getByRole('button', { name: 'Cancel' }).waitFor();
      // only the button for the status already held is hidden
      const approved = page.locator('[data-booking-id]').filter({ hasText: 'Swimming gala' });
      await approved.getByRole('button', { name: 'Cancel' }).waitFor();
      expect(await approved.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await shot(page, `bookings-admin-${tag}`, true);

      await page.getByRole('button', { name: '+ New Booking' }).click();
      const booking = page.getByRole('dialog', { name: 'New Bus Booking' });
      await booking.getByRole('button', { name: 'Submit Booking' }).waitFor();
      expect(await booking.getByRole('combobox', { name: 'Start time' }).inputValue()).toBe('08:00 AM');
      expect(await booking.getByRole('combobox', { name: 'End time' }).inputValue()).toBe('03:30 PM');
      await booking.getByRole('combobox', { name: 'School' }).waitFor(); // admins name the school
      await booking.getByRole('button', { name: 'Submit Booking' }).click();
      await see(booking, 'Start date is required.');
      await fillDate(booking.getByLabel(/^Start date/), '2031-05-12');
      expect(await booking.getByLabel(/^End date/).inputValue()).toBe('2031-05-12');
      await booking.getByRole('combobox', { name: 'End time' }).click();
      await page.getByRole('option', { name: '07:00 AM', exact: true }).click();
      await booking.getByRole('button', { name: 'Submit Booking' }).click();
      await see(booking, 'End must be after Start.');
      await shot(page, `bookings-new-${tag}`);
      await booking.getByRole('button', { name: 'Cancel' }).click();
      await booking.waitFor({ state: 'hidden' });

      // Finance overview
      await goto(page, '/finance', 'Finance');
      await see(page, 'Total paid revenue');
      await page.getByTestId('paid-revenue').waitFor();
      await page.locator('[data-invoice-id]').first().waitFor();
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await shot(page, `finance-admin-${tag}`, true);

      // an unknown path goes home when signed in; Sign Out goes to /login and ends the session
      await expectRedirect(page, '/no-such-page', '/');
      const menu = await openUserMenu(page, 'Dana Admin', 'Admin');
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL('**/login');
      await heading(page, 'Sign in').waitFor();
      await expectRedirect(page, '/admin/users', '/login');
    });

    it(`keeps school staff to their screens (${tag})`, async () => {
      const page = await open('staff.greenfield@demo.test', scheme, width);
      await expectGreeting(page, 'Grace Green');
      await expectSidebar(
        page,
        width,
        ['Dashboard', 'All Trips', 'Approvals', 'Extra Bookings', 'Invoices', 'Settings'],
        `drawer-staff-${tag}`,
        'button',
      );

      await expectNotAllowed(page, '/admin/users', 'School Staff', 'Dashboard');
      expect(await breadcrumb(page)).toEqual(['Home', 'Unauthorized']);
      await shot(page, `unauthorized-staff-${tag}`, true);
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await expectNotAllowed(page, '/admin/global', 'School Staff', 'Dashboard');
      await expectNotAllowed(page, '/finance', 'School Staff', 'Dashboard');
      // Pending Users is the admins' alone: it sends non-admins home
      await expectRedirect(page, '/admin/approvals', '/');

      await goto(page, '/bookings', 'Extra Bus Bookings');
      await page.locator('[data-booking-id]').filter({ hasText: 'Science museum visit' }).waitFor();
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await shot(page, `bookings-staff-${tag}`, true);
      await page.getByRole('button', { name: '+ New Booking' }).click();
      const booking = page.getByRole('dialog', { name: 'New Bus Booking' });
      await booking.getByRole('button', { name: 'Submit Booking' }).waitFor();
      expect(await booking.getByRole('combobox', { name: 'School' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await booking.waitFor({ state: 'hidden' });

      await goto(page, '/settings', 'Account Settings');
      expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('School Staff');
      await shot(page, `settings-staff-${tag}`, true);
      const menu = await openUserMenu(page, 'Grace Green', 'School Staff');
      await closeMenu(page, menu);
      await expectRedirect(page, '/somewhere/else', '/');
    });

    it(`keeps a bus company dispatcher to their screens (${tag})`, async () => {
      const page = await open('dispatch.desertstar@demo.test', scheme, width);
      await expectGreeting(page, 'Dev Desert');
      await expectSidebar(
        page,
        width,
        ['Dashboard', 'All Trips', 'Dispatch Board', 'Fleet', 'Rates', 'Invoices', 'Settings'],
        `drawer-dispatch-${tag}`,
        'escape',
      );
      await expectNotAllowed(page, '/bookings', 'Bus Company', 'Dashboard');
      await shot(page, `unauthorized-dispatch-${tag}`, true);
      await expectNotAllowed(page, '/admin/roles', 'Bus Company', 'Dashboard');
      await expectNotAllowed(page, '/finance', 'Bus Company', 'Dashboard');
      await expectRedirect(page, '/admin/approvals', '/');
      await expectRedirect(page, '/nope', '/');
      const menu = await openUserMenu(page, 'Dev Desert', 'Bus Company');
      await closeMenu(page, menu);
    });

    it(`shows finance no dashboard: All Trips, Finance, Invoices and Settings only (${tag})`, async () => {
      const page = await open('finance@demo.test', scheme, width);
      expect(new URL(page.url()).pathname).toBe('/trips');
      await expectGreeting(page, 'Fin Ance');
      await expectSidebar(page, width, ['All Trips', 'Finance', 'Invoices', 'Settings'], `drawer-finance-${tag}`, 'outside');
      await expectNotAllowed(page, '/', 'Finance', 'All Trips');
      await shot(page, `unauthorized-finance-${tag}`, true);
      await expectNotAllowed(page, '/bookings', 'Finance', 'All Trips');
      await expectNotAllowed(page, '/admin/users', 'Finance', 'All Trips');
      await expectRedirect(page, '/not-a-page', '/trips');

      await goto(page, '/finance', 'Finance');
      await page.getByTestId('paid-revenue').waitFor();
      await goto(page, '/settings', 'Account Settings');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('finance@demo.test');
      expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('Finance');
      await shot(page, `settings-finance-${tag}`, true);
    });

    it(`lets a trip manager approve bookings but not open Finance (${tag})`, async () => {
      const page = await open('manager@demo.test', scheme, width);
      await expectGreeting(page, 'Max Manager');
      await expectSidebar(
        page,
        width,
        ['Dashboard', 'All Trips', 'Dispatch Board', 'Extra Bookings', 'Settings'],
        `drawer-manager-${tag}`,
        'escape',
      );
      await goto(page, '/bookings', 'Extra Bus Bookings');
      await page.locator('[data-booking-id]').filter({ hasText: 'Sports day shuttle' }).getByRole('button', { name: 'Approve' }).waitFor();
      await shot(page, `bookings-manager-${tag}`, true);
      await expectNotAllowed(page, '/finance', 'Trip Manager', 'Dashboard');
      await expectNotAllowed(page, '/invoices', 'Trip Manager', 'Dashboard');
      await expectNotAllowed(page, '/admin/global', 'Trip Manager', 'Dashboard');
      const menu = await openUserMenu(page, 'Max Manager', 'Trip Manager');
      await closeMenu(page, menu);
    });

    it(`gives the platform admin every tenant in Global Admin and Users (${tag})`, async () => {
      const page = await open('root@platform.test', scheme, width);
      await expectGreeting(page, 'Platform Root');
      await expectSidebar(page, width, ADMIN_LINKS, `drawer-platform-${tag}`, { link: 'Global Admin' });

      await goto(page, '/admin/global', 'Global Admin');
      const viewOrgs = page.getByRole('button', { name: /^View Orgs of / });
      await viewOrgs.first().waitFor();
      expect(await viewOrgs.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual([
        'View Orgs of Demo District',
        'View Orgs of Northwind Schools',
      ]);
      // the first tenant is selected on load
      const selected = page.locator('[data-selected="true"]');
      await selected.getByText('Demo District', { exact: true }).waitFor();
      await selected.getByText('Selected', { exact: true }).waitFor();
      await page.locator('[data-record]').filter({ hasText: 'Greenfield Primary' }).first().waitFor();
      await heading(page, 'Add Tenant').waitFor();
      await page.getByLabel(/^Tenant Name/).waitFor();
      await page.getByRole('button', { name: 'Create Tenant' }).waitFor();
      await page.getByRole('button', { name: 'View Orgs of Northwind Schools' }).click();
      await selected.getByText('Northwind Schools', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Remove Northwind High – Northwind Coaches' }).waitFor();
      await page.getByRole('button', { name: 'Edit Northwind Coaches' }).waitFor();
      await shot(page, `global-admin-platform-${tag}`, true);

      await goto(page, '/admin/users', 'User Management');
      await columnsOrCards(page, width, ['Tenant'], 'Users');
      await page.locator('[data-user-id]').filter({ hasText: 'root@platform.test' }).getByText('Platform', { exact: true }).waitFor();
      await page.locator('[data-user-id]').filter({ hasText: 'admin@northwind.test' }).getByText('Northwind Schools').waitFor();
      await shot(page, `admin-users-platform-${tag}`, true);
    });
  }

  it('shows an admin the pending count rise live while someone registers, then fall when they approve them', async () => {
    const page = await open('admin@demo.test', 'light', 1280);
    await goto(page, '/admin/users', 'User Management');
    await page.waitForFunction(() => document.documentElement.dataset.live === 'online');
    // a mark that a reload would wipe
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    const pendingLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Pending Users/ });
    const badge = pendingLink.getByLabel(/^\d+ pending$/);
    await badge.waitFor(); // the seeded Penny Pending at least
    const before = Number((await badge.getAttribute('aria-label'))?.split(' ')[0]);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await badge.innerText()).toBe(String(before));

    // someone registers in another browser
    const stamp = Date.now();
    const name = `Nadia Newcomer ${stamp}`;
    const email = `newcomer.${stamp}@demo.test`;
    const visitor = await app.newContext({ viewport: { width: 1280, height: 860 } });
    const register = await visitor.newPage();
    await register.goto('/register');
    await register.getByLabel(/^Full name/).fill(name);
    await register.getByLabel(/^Email/).fill(email);
    await register.getByLabel(/^Password/).fill('newcomer-pass-1');
    await register.getByRole('combobox', { name: 'Role' }).click();
    await register.getByRole('option', { name: 'Bus Company' }).click();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await register.waitForURL('**/login');
    await see(register, 'Registration successful! Wait for admin approval before logging in.');

    // the admin's count rises without a reload, the newcomer shows up in the users list, and the bell says why
    await pendingLink.getByLabel(`${before + 1} pending`, { exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('combobox', { name: `Status of ${name}` })
      .waitFor();
    await page.getByRole('button', { name: /^Notifications \(\d+ new\)$/ }).click();
    await see(page.getByRole('menu'), `${before + 1} users awaiting approval`);
    await shot(page, 'live-pending-light-1280');
    await closeMenu(page, page.getByRole('menu'));
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

    // the newcomer waits on Pending Users; approving them brings the count back down
    await pendingLink.click();
    await page.waitForURL('**/admin/approvals');
    await heading(page, 'Pending Users').waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText(name, { exact: true }).waitFor();
    await row.getByText('Bus Company', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: `Organization of ${name}` }).click();
    await page.getByRole('option', { name: 'Desert Star Buses' }).click();
    await shot(page, 'live-approvals-light-1280', true);
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    await see(page, `User "${name}" approved.`);
    await row.waitFor({ state: 'detached' });
    await pendingLink.getByLabel(`${before} pending`, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

    // and the newcomer can now sign in
    await register.getByLabel(/^Email/).fill(email);
    await register.getByLabel(/^Password/).fill('newcomer-pass-1');
    await register.getByRole('button', { name: 'Sign in', exact: true }).click();
    await register.waitForURL((u) => u.pathname === '/');
    await expectGreeting(register, name);
  });
  it('shows a trip manager a booking the moment school staff submit it, and the school the approval', async () => {
    const [staff, manager] = await Promise.all([
      open('staff.greenfield@demo.test', 'light', 1280),
      open('manager@demo.test', 'light', 1280),
    ]);
    for (const page of [staff, manager]) {
      await goto(page, '/bookings', 'Extra Bus Bookings');
      await page.waitForFunction(() => document.documentElement.dataset.live === 'online');
      await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    }
    const title = `Robotics finals shuttle ${Date.now().toString(36)}`;

    // school staff fill in the form, with one pickup and one drop-off point
    await staff.getByRole('button', { name: '+ New Booking' }).click();
    const form = staff.getByRole('dialog', { name: 'New Bus Booking' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await fillDate(form.getByLabel(/^Start date/), '2031-06-03');
    await form.getByRole('textbox', { name: /^Students/ }).fill('32');
    await form.getByRole('textbox', { name: /^Adults/ }).fill('3');
    const [pickup, dropoff] = await form.getByRole('button', { name: 'Add point' }).all();
    await pickup.click();
    await dropoff.click();
    const locations = form.getByRole('textbox', { name: /^Location/ });
    const times = form.getByRole('combobox', { name: /^Time/ });
    await locations.nth(0).fill('Greenfield Primary front gate');
    await times.nth(0).click();
    await staff.getByRole('option', { name: '07:30 AM', exact: true }).click();
    await locations.nth(1).fill('City Arena');
    await times.nth(1).click();
    await staff.getByRole('option', { name: '08:30 AM', exact: true }).click();
    await form.getByRole('button', { name: 'Submit Booking' }).click();
    await see(staff, 'Booking submitted!');
    await form.waitFor({ state: 'hidden' });
    const mine = staff.getByRole('row').filter({ hasText: title });
    await mine.getByText(/^requested$/i).waitFor();

    // the trip manager, who has not touched the page, sees it arrive and approves it
    const row = manager.getByRole('row').filter({ hasText: title });
    await row.getByText('Greenfield Primary', { exact: true }).waitFor();
    await row.getByText('32', { exact: true }).waitFor();
    await row.getByText(/^requested$/i).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await see(manager, 'Marked approved.');
    await row.getByText(/^approved$/i).waitFor();

    // and the school sees the approval without reloading: Cancel stays, as the requester may still cancel
    await mine.getByText(/^approved$/i).waitFor();
    await mine.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await shot(staff, 'live-booking-approved-staff-light-1280', true);
    for (const page of [staff, manager]) {
      expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    }
  });
});
