import { expect, test } from './fixtures';
import { StarPrinter } from '../tests/support/printers';
import { ADMIN, dinerPaysForSaladAndSoup, signedIn } from './support';

test.describe('kitchen printers', () => {
  test('an admin adds a printer and follows its setup steps; the printer polls; a diner pays; the ticket reads as the order', { tag: '@admin' }, async ({ browser }) => {
    test.slow(); // two people sign in, one pays, and the printer prints twice
    const name = `Pass ${Date.now().toString(36)}`;
    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/printers');
    const form = admin.getByRole('form', { name: 'Add a printer' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('combobox', { name: 'Kind of printer' }).selectOption({ label: 'Star CloudPRNT (TSP143IV, mC-Print3)' });
    await form.getByRole('checkbox', { name: 'Pass (the whole order)' }).check();
    await form.getByRole('button', { name: 'Add the printer' }).click();

    // The steps for its model, with the URL to paste into the printer's Server URL.
    const steps = admin.getByRole('region', { name: `Set up ${name}` });
    await expect(steps.getByText('Server URL')).toBeVisible();
    const url = await steps.getByRole('textbox', { name: 'Printer URL' }).inputValue();
    expect(url).toMatch(/\/api\/print\/star\/[\w-]{43}$/);
    const printer = new StarPrinter(url);
    expect((await printer.poll()).body).toEqual({ jobReady: false });
    await steps.getByRole('button', { name: 'Done: hide the URL' }).click();
    await expect(steps).toHaveCount(0);
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name }) });
    await expect(card.getByRole('status')).toHaveText('Seen just now');
    await expect(card).toContainText('Paper OK, cover closed');

    const { salad } = await dinerPaysForSaladAndSoup(browser, 'printing');
    await expect.poll(async () => (await printer.poll()).body.jobReady, { timeout: 10_000 }).toBe(true);
    const [ticket] = await printer.drain();
    expect(ticket!.mediaType).toBe('application/vnd.star.starprnt');
    expect(ticket!.lines[0]).toMatch(/^#\d+$/);
    expect(ticket!.lines).toContain('Pass (the whole order)');
    expect(ticket!.lines.join('\n')).toContain(`1x ${salad.name}`);
    expect(ticket!.lines.at(-1)).toMatch(/^PAID \$\d+\.\d\d$/);

    await admin.reload();
    const ledger = admin.getByRole('table', { name: 'Every ticket sent to the printers, newest first' });
    await expect(ledger.getByRole('row', { name: new RegExp(`${ticket!.lines[0]}.*${name}`) })).toContainText('Printed');
    // The printers other journeys added print for the pass too: each had the order's ticket.
    const had = await ledger.getByRole('row', { name: new RegExp(`${ticket!.lines[0]} New order `) }).count();
    expect(had).toBeGreaterThanOrEqual(1);

    // The kitchen asks for it again from its display: a copy marked REPRINT on each of them.
    await admin.goto('/dashboard/kitchen');
    await admin.getByRole('button', { name: `Reprint the tickets of ${ticket!.lines[0]}` }).click();
    await expect(admin.getByText(`${ticket!.lines[0]}: reprint sent to ${had} printer${had === 1 ? '' : 's'}`)).toBeVisible();
    const [copy] = await printer.drain();
    expect(copy!.lines.slice(0, 2)).toEqual(['REPRINT', ticket!.lines[0]]);
  });
});
