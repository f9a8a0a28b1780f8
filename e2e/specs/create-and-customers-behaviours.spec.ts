import type { Customer } from '@dastak/core/entities/customers';
import type { Patient } from '@dastak/core/entities/patients';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import {
  failureScreenshot,
  releaseBrowser,
  screenshot,
  VIEWPORT,
  workerBrowser,
} from '../fixtures/browser';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * Behaviours of the create page and the customer forms that were found differing from the
 * spec (ADR 0024): the one delete-address dialog of §2.7, the §5 phone messages, and Patient
 * Delete asking first. Signed in as the admin, who holds CAN_DELETE_PATIENT. The customer is
 * made through the API, so nothing of the demo data is changed.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: OrdersApi;
let customer: Customer;
let patient: Patient;
/** The customer's patients after setup: the customer's own (made with it) and `patient`. */
let patientIds: number[] = [];
// A number no demo customer has: 0398 plus 7 digits of the clock.
const phone = `0398${String(Date.now()).slice(-7)}`;
const ADDRESSES = ['House 3, Street 8, Model Town', 'Flat 7, Block C, Johar Town'];

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'admin');
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));

  const made = await api.request<Customer>('POST', '/entity/customers/', {
    body: { phone, firstName: 'Behaviour', lastName: 'Checker', gender: 2, dob: '1988-03-09' },
  });
  expect(made.status).toBe(201);
  customer = made.data;
  const madePatient = await api.request<Patient>('POST', '/entity/patient/', {
    body: { firstName: 'Rabia', lastName: 'Checker', gender: 2, customer: customer.id },
  });
  expect(madePatient.status).toBe(201);
  patient = madePatient.data;
  patientIds = (await api.get<Customer>(`/entity/customer/${customer.id}/`)).patients
    .map((p) => p.id)
    .sort();
  expect(patientIds).toContain(patient.id);
  for (const [i, address] of ADDRESSES.entries()) {
    const res = await api.request('POST', '/entity/blood/customer-address/', {
      body: {
        customer: customer.id,
        address,
        latitude: 31.4834 + i / 100,
        longitude: 74.3213 + i / 100,
        vertical: 'blood',
      },
    });
    expect(res.status).toBe(201);
  }
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && page) await failureScreenshot(page, task.name);
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

const field = (name: string) => page.getByRole('textbox', { name, exact: true });

/** The create page with the test's customer loaded from the Customer Number autocomplete. */
async function openCreateWithCustomer() {
  await page.goto(app('/blood/orders/create'));
  const box = field('Customer Number');
  await box.fill('');
  await box.pressSequentially(phone);
  await page.getByRole('option', { name: new RegExp(phone) }).click();
  await visible(page.getByTestId('loaded-customer').getByText(phone));
}

const patientsNow = async () =>
  (await api.get<Customer>(`/entity/customer/${customer.id}/`)).patients.map((p) => p.id).sort();

const addressesOf = async () =>
  (await api.get<Customer>(`/entity/customer/${customer.id}/`)).addresses.map((a) => a.address);

/** What a delete-address dialog says and offers, for comparing one place with another. */
async function dialogParts(name: string) {
  const dialog = page.getByRole('dialog', { name });
  await visible(dialog);
  return {
    dialog,
    notice: await dialog.getByText(/^This activity is recorded/).textContent(),
    buttons: await dialog.getByRole('button').allTextContents(),
  };
}

describe('one delete-address dialog (spec §2.7)', () => {
  test('the create page and the customer wizard ask alike: Confirm Delete, activity recorded', async () => {
    await openCreateWithCustomer();
    await page.getByRole('button', { name: `Delete address ${ADDRESSES[0]}` }).click();
    const onCreate = await dialogParts('Delete Address');
    expect(onCreate.notice).toBe('This activity is recorded with your name.');
    await visible(onCreate.dialog.getByText(`Delete the address "${ADDRESSES[0]}"?`));
    await screenshot(page, 'behaviours-create-delete-address');
    // Close keeps the address.
    await onCreate.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await onCreate.dialog.waitFor({ state: 'hidden' });
    expect(await addressesOf()).toEqual(expect.arrayContaining(ADDRESSES));
    // Confirm Delete deletes it.
    await page.getByRole('button', { name: `Delete address ${ADDRESSES[0]}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Address' })
      .getByRole('button', { name: 'Confirm Delete' })
      .click();
    await visible(toast(page, SUCCESS.CUSTOMER_ADDRESS_DELETED));
    await expect.poll(addressesOf).toEqual([ADDRESSES[1]]);

    // Step 2 of the customer wizard shows the very same dialog.
    await page.goto(app(`/customers/update/${customer.id}`));
    await visible(heading(page, 'Update Customer'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Delete address 1' }).click();
    const inWizard = await dialogParts('Delete Address');
    expect(inWizard.notice).toBe(onCreate.notice);
    expect(inWizard.buttons).toEqual(onCreate.buttons);
    await visible(inWizard.dialog.getByText(`Delete the address "${ADDRESSES[1]}"?`));
    await screenshot(page, 'behaviours-wizard-delete-address');
    await inWizard.dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await visible(toast(page, SUCCESS.CUSTOMER_ADDRESS_DELETED));
    await expect.poll(addressesOf).toEqual([]);
  });
});

describe('phone messages (spec §5)', () => {
  test("a customer number with letters is 'Must be a valid phone number'", async () => {
    await page.goto(app('/customers/create'));
    await visible(heading(page, 'New Customer'));
    await page.getByLabel('Customer Number').fill('0300abcdefg');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await visible(page.getByText(VALIDATION.PHONE_INVALID, { exact: true }));
    expect(await page.getByText(VALIDATION.CUSTOMER_PHONE_LENGTH).count()).toBe(0);
    await screenshot(page, 'behaviours-customer-number-letters');
    // Digits, too few: the length message.
    await page.getByLabel('Customer Number').fill('0300123');
    await visible(page.getByText(VALIDATION.CUSTOMER_PHONE_LENGTH, { exact: true }));
  });

  test("the patient's Secondary Phone has its own message, not the customer number's", async () => {
    await openCreateWithCustomer();
    await page.getByRole('button', { name: 'Add New Patient' }).click();
    await field('First Name').fill('Secondary');
    await field('Last Name').fill('Phone');
    const secondary = field('Secondary Phone');
    await secondary.fill('0300');
    await page.getByRole('button', { name: 'Save Patient' }).click();
    await visible(page.getByText(VALIDATION.SECONDARY_PHONE_LENGTH, { exact: true }));
    expect(await page.getByText(VALIDATION.CUSTOMER_PHONE_LENGTH).count()).toBe(0);
    await screenshot(page, 'behaviours-secondary-phone');
    await secondary.fill('0300abc4567');
    await visible(page.getByText(VALIDATION.PHONE_INVALID, { exact: true }));
    // Nothing was saved.
    expect(await patientsNow()).toEqual(patientIds);
  });
});

describe('Patient Delete (spec §2.8, CAN_DELETE_PATIENT)', () => {
  test('asks first; Close keeps the patient, Confirm Delete deletes', async () => {
    await openCreateWithCustomer();
    const name = `${patient.firstName} ${patient.lastName}`;
    await page
      .getByRole('group', { name: 'Linked Patients' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await visible(page.getByRole('cell', { name, exact: true }));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Patient' });
    await visible(dialog.getByText(new RegExp(`Delete the patient ${name}\\?`)));
    await screenshot(page, 'behaviours-delete-patient');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByRole('cell', { name, exact: true }));
    expect(await patientsNow()).toEqual(patientIds);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await visible(toast(page, SUCCESS.PATIENT_DELETED));
    await visible(page.getByText('Select or add a patient'));
    await expect.poll(patientsNow).toEqual(patientIds.filter((id) => id !== patient.id));
  });
});
