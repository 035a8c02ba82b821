import type { Locator, Page } from 'playwright-core';
import { addDays, localDate } from '../../server/src/contracts/calendar';
import { useConsole } from '../support/browser';
import { LOOKS, type Scheme, shot, switchSchemeInPlace } from './page-helpers';

/**
 * The trip screens as people see them, light and dark, at 1280 px and 390 px: dashboard, table, calendar
 * (month and week), every modal, the finance overview. Each page is checked for horizontal overflow (nothing
 * cut off at the side) and screenshotted into test/browser/screenshots/ for a person to look at.
 */

describe('trip screens, light and dark, desktop and phone', () => {
  const app = useConsole();

  async function open(email: string, scheme: Scheme, width: number): Promise<Page> {
    const { page } = await app.signIn(email, { width, colorScheme: scheme });
    await switchSchemeInPlace(page, scheme);
    return page;
  }

  async function closeDialog(page: Page, dialog: Locator): Promise<void> {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  async function openRowActions(page: Page, destination: string): Promise<Locator> {
    const search = page.getByPlaceholder('Search destination, notes, or type');
    await search.fill(destination);
    await page.getByRole('button', { name: `Show actions for ${destination}` }).click();
    return page.getByRole('group', { name: `Actions for ${destination}` });
  }

  for (const [scheme, width] of LOOKS) {
    const tag = `${scheme}-${width}`;

    it(`shows an admin the dashboard, list, calendar and every modal (${tag})`, async () => {
      const page = await open('admin@demo.test', scheme, width);
      await page.getByText('Upcoming Trips').waitFor();
      await page.getByText('User and Role Management').waitFor();
      await shot(page, `dashboard-admin-${tag}`, true);

      await page.goto('/trips');
      await page.locator('[data-trip-id]').first().waitFor();
      await shot(page, `trips-table-${tag}`, true);

      // details, with its history
      const row = page.locator('[data-trip-id]').filter({ hasText: 'Botanical Gardens' });
      await row.getByRole('button', { name: 'Botanical Gardens', exact: true }).click();
      const details = page.getByRole('dialog', { name: 'View trip details' });
      await details.getByRole('heading', { name: 'Assigned buses' }).waitFor();
      await details.getByText('Requested the trip').waitFor();
      await shot(page, `modal-details-${tag}`);

      // requester e-mail popover
      await details.getByRole('button', { name: 'Grace Green' }).first().click();
      await page.getByText('staff.greenfield@demo.test').waitFor();
      await shot(page, `modal-details-email-${tag}`);
      // Escape closes the popover, not the details around it
      await page.keyboard.press('Escape');
      await page.getByText('staff.greenfield@demo.test').waitFor({ state: 'hidden' });
      await details.waitFor();

      // passengers (read-only for an admin)
      await details.getByRole('button', { name: 'View Passengers' }).click();
      const passengers = page.getByRole('dialog', { name: 'View Passengers' });
      await passengers.getByRole('table').or(passengers.getByText('No passengers yet.')).first().waitFor();
      await shot(page, `modal-passengers-admin-${tag}`);
      await closeDialog(page, passengers);

      // edit
      await details.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Trip' });
      await edit.getByRole('button', { name: 'Save Changes' }).waitFor();
      await shot(page, `modal-edit-${tag}`);
      await closeDialog(page, edit);
      await closeDialog(page, details);

      // assign bus on the Accepted trip
      const actions = await openRowActions(page, 'Mountain Lodge');
      await actions.getByRole('button', { name: 'Assign Bus' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Bus' });
      await assign.getByRole('button', { name: 'Add Bus' }).click();
      await assign.getByRole('button', { name: 'Edit bus 1' }).waitFor();
      await shot(page, `modal-assign-bus-${tag}`);
      await closeDialog(page, assign);

      // confirm dialog
      const pending = await openRowActions(page, 'Science Discovery Centre');
      await shot(page, `trips-row-actions-${tag}`);
      await pending.getByRole('button', { name: 'Reject' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reject Trip' });
      await confirm.getByText('Are you sure you want to reject this trip?').waitFor();
      await shot(page, `modal-confirm-${tag}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // calendar, month and week
      await page.getByPlaceholder('Search destination, notes, or type').fill('');
      await page.getByRole('button', { name: 'Show Calendar View' }).click();
      await page.locator('.rbc-month-view').waitFor();
      await page.locator('.rbc-event').first().waitFor();
      await shot(page, `calendar-month-${tag}`, true);
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await page.locator('.rbc-time-view').waitFor();
      for (let i = 0; i < 4 && (await page.locator('.rbc-time-view .rbc-event').count()) === 0; i++) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
      }
      await shot(page, `calendar-week-${tag}`, true);
      await page.locator('.rbc-time-view .rbc-event').first().click();
      await page.getByRole('dialog', { name: 'View trip details' }).waitFor();
      await page.context().close();
    });

    it(`shows school staff the request form and their passengers (${tag})`, async () => {
      const page = await open('staff.greenfield@demo.test', scheme, width);
      await page.getByText('Upcoming Trips').waitFor();
      await shot(page, `dashboard-staff-${tag}`, true);
      await page.getByRole('button', { name: 'Request New Trip' }).click();
      const request = page.getByRole('dialog', { name: 'Request New Trip' });
      await request.getByRole('button', { name: 'Submit Request' }).click();
      await request.getByText('Destination is required.').waitFor();
      await shot(page, `modal-request-trip-${tag}`);
      await closeDialog(page, request);

      await page.goto('/trips');
      await page.locator('[data-trip-id]').first().waitFor();
      await shot(page, `trips-staff-${tag}`, true);
      const actions = await openRowActions(page, 'Botanical Gardens');
      await actions.getByRole('button', { name: 'Manage Passengers' }).click();
      const passengers = page.getByRole('dialog', { name: 'Manage Passengers' });
      await passengers.getByRole('button', { name: 'Add' }).waitFor();
      await shot(page, `modal-passengers-staff-${tag}`);
      await closeDialog(page, passengers);
      await actions.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Trip' });
      await edit.getByRole('button', { name: 'Send Edit Request' }).waitFor();
      await shot(page, `modal-edit-request-mode-${tag}`);
      await page.context().close();
    });

    it(`shows finance the overview (${tag})`, async () => {
      const page = await open('finance@demo.test', scheme, width);
      await page.goto('/finance');
      await page.getByTestId('paid-revenue').waitFor();
      await page.locator('[data-invoice-id]').first().waitFor();
      await shot(page, `finance-${tag}`, true);
      await page.context().close();
    });
  }

  it('closes a month day\'s "+N more" popup on Escape, back on its link, and when the window narrows', async () => {
    // Six trips on one day five months ahead, far from the demo's: more than a month cell shows.
    const day = addDays(localDate(), 150);
    const token = await app.login('staff.greenfield@demo.test');
    for (let i = 1; i <= 6; i++) {
      await app.api(token, 'POST', 'trips', {
        tripType: 'Day Trip',
        destination: `Crowded Day ${i}`,
        departureDate: day,
        departureTime: '08:00 AM',
        returnDate: day,
        returnTime: '03:00 PM',
        students: 20,
        staff: 2,
      });
    }
    const page = await open('admin@demo.test', 'light', 1280);
    await page.goto('/trips');
    await page.getByRole('button', { name: 'Show Calendar View' }).click();
    await page.locator('.rbc-month-view').waitFor();
    const month = new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    for (let i = 0; i < 6 && (await page.locator('.rbc-toolbar-label').innerText()) !== month; i++) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    expect(await page.locator('.rbc-toolbar-label').innerText()).toBe(month);
    const more = page.locator('.rbc-show-more');
    await more.first().waitFor();
    expect(await more.count()).toBe(1);
    const overlay = page.locator('.rbc-overlay');

    await more.click();
    await overlay.getByText('Crowded Day 6').first().waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(await more.evaluate((link) => link === document.activeElement)).toBe(true);

    // from the keyboard: Enter on the focused link opens it again
    await page.keyboard.press('Enter');
    await overlay.getByText('Crowded Day 1').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await overlay.waitFor({ state: 'detached' });
    // nothing sticks out sideways at the new width
    await shot(page, 'calendar-more-closed-390');
    await page.context().close();
  });
});
