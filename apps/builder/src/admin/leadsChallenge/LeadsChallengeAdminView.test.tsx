import {
  createLeadsChallengeItemEndpoint,
  deleteLeadsChallengeItemEndpoint,
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  LEADS_CHALLENGE_FILE_TYPE_MESSAGE,
  LEADS_CHALLENGE_MAX_BYTES,
  listLeadsChallengeEndpoint,
  updateLeadsChallengeItemEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { planItem, swipeFileItem } from '../../test/leadsChallengeItems';
import {
  CHOOSE_FILE_TEXT,
  DOWNLOAD_ADDED_TEXT,
  DOWNLOAD_REMOVED_TEXT,
  DOWNLOAD_SAVED_TEXT,
  removeDownloadText,
} from '../adminTexts';
import { leadsChallengeUploadRoute } from '../test/adminApi';
import { renderConsole } from '../test/renderConsole';
import { NO_DOWNLOADS_TEXT } from './LeadsChallengeAdminView';
import { TITLE_REQUIRED_TEXT } from './LeadsChallengeItemModal';

const upload = { fileKey: 'lc-key-1', fileName: 'checklist.pdf', contentType: 'application/pdf', size: 2048 };
const pdf = () => new File(['%PDF-1.7 checklist'], 'check list.pdf', { type: 'application/pdf' });

async function openDownloads(routes: FakeRoute[]) {
  const fetchMock = routeFetch(routes);
  renderConsole('?view=leads-challenge');
  expect(await screen.findByRole('heading', { name: 'Leads Challenge' })).toBeTruthy();
  return fetchMock;
}

const changes = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((call) => !call.route.startsWith('GET'));

function chooseFile(dialog: HTMLElement, label: string, file: File) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { files: [file] } });
}

describe('Admin console: Leads Challenge', () => {
  it('lists the downloads with their files', async () => {
    await openDownloads([on(listLeadsChallengeEndpoint, [planItem, swipeFileItem])]);
    const table = await screen.findByRole('table', { name: 'Downloads' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      planItem.title,
      'Swipe file',
    ]);
    const file = within(rows[0] as HTMLElement).getByRole('link', { name: 'lead-magnet-plan.pdf' });
    expect(file.getAttribute('href')).toBe(planItem.downloadUrl);
  });

  it('says when there is nothing yet', async () => {
    await openDownloads([on(listLeadsChallengeEndpoint, [])]);
    expect(await screen.findByText(NO_DOWNLOADS_TEXT)).toBeTruthy();
  });

  it('adds a download: uploads the file as it is, then posts the item with the returned key', async () => {
    const fetchMock = await openDownloads([
      on(listLeadsChallengeEndpoint, []),
      on(leadsChallengeUploadRoute, upload),
      on(createLeadsChallengeItemEndpoint, answerWith(201, planItem)),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Download' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Download' });
    expect(within(dialog).getByLabelText('File').getAttribute('accept')).toBe(
      '.pdf,.png,.jpg,.jpeg,.gif,.webp,.zip',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(dialog.textContent).toContain(TITLE_REQUIRED_TEXT);
    expect(dialog.textContent).toContain(CHOOSE_FILE_TEXT);
    expect(changes(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: ' Launch checklist ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Every step.' } });
    const file = pdf();
    chooseFile(dialog, 'File', file);
    expect(dialog.textContent).toContain('check list.pdf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect((await screen.findByRole('status')).textContent).toBe(DOWNLOAD_ADDED_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
    const uploadCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(uploadCall?.[0]).toBe('/api/admin/leads-challenge/files?filename=check%20list.pdf');
    expect(uploadCall?.[1]?.body).toBe(file);
    expect(uploadCall?.[1]?.credentials).toBe('same-origin');
    expect(changes(fetchMock).map((call) => call.route)).toEqual([
      'PUT /api/admin/leads-challenge/files?filename=check%20list.pdf',
      'POST /api/admin/leads-challenge',
    ]);
    expect(changes(fetchMock)[1]?.body).toEqual({
      title: 'Launch checklist',
      description: 'Every step.',
      fileKey: 'lc-key-1',
    });
  });

  it("shows the server's refusal of a file word for word, and a too-large answer as such", async () => {
    let uploads = 0;
    const fetchMock = await openDownloads([
      on(listLeadsChallengeEndpoint, []),
      on(leadsChallengeUploadRoute, () => {
        uploads += 1;
        return uploads === 1
          ? { status: 400, body: { error: LEADS_CHALLENGE_FILE_TYPE_MESSAGE, code: 'validation_failed' } }
          : { status: 413, body: { error: 'Request body is too large', code: 'too_large' } };
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Download' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Download' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Checklist' } });
    chooseFile(dialog, 'File', pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LEADS_CHALLENGE_FILE_TYPE_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE),
    );
    expect(screen.getByRole('dialog', { name: 'Add Download' })).toBeTruthy();
    expect(changes(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);
  });

  it('refuses a file over 25 MB before uploading it', async () => {
    const fetchMock = await openDownloads([on(listLeadsChallengeEndpoint, [])]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Download' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Download' });
    const huge = new File(['x'], 'huge.zip', { type: 'application/zip' });
    Object.defineProperty(huge, 'size', { value: LEADS_CHALLENGE_MAX_BYTES + 1 });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Huge' } });
    chooseFile(dialog, 'File', huge);
    expect(dialog.textContent).toContain(LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(changes(fetchMock)).toEqual([]);
  });

  it('edits a download, keeping its file unless a new one is chosen', async () => {
    const fetchMock = await openDownloads([
      on(listLeadsChallengeEndpoint, [planItem]),
      on(leadsChallengeUploadRoute, upload),
      on(updateLeadsChallengeItemEndpoint, planItem, { id: planItem.id }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${planItem.title}` }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Download' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe(planItem.title);
    expect(dialog.textContent).toContain('Now: lead-magnet-plan.pdf');
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'New words.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(DOWNLOAD_SAVED_TEXT);

    fireEvent.click(screen.getByRole('button', { name: `Edit ${planItem.title}` }));
    dialog = screen.getByRole('dialog', { name: 'Edit Download' });
    chooseFile(dialog, 'Replace the file (optional)', pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(changes(fetchMock)).toEqual([
      {
        route: `PUT /api/admin/leads-challenge/${planItem.id}`,
        body: { title: planItem.title, description: 'New words.' },
      },
      { route: 'PUT /api/admin/leads-challenge/files?filename=check%20list.pdf', body: undefined },
      {
        route: `PUT /api/admin/leads-challenge/${planItem.id}`,
        body: { title: planItem.title, description: planItem.description, fileKey: 'lc-key-1' },
      },
    ]);
  });

  it('deletes a download only after confirmation', async () => {
    const fetchMock = await openDownloads([
      on(listLeadsChallengeEndpoint, [planItem]),
      on(deleteLeadsChallengeItemEndpoint, { ok: true }, { id: planItem.id }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${planItem.title}` }));
    let dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(removeDownloadText(planItem.title));
    expect(within(dialog).getByRole('button', { name: 'Delete' }).className).toContain('button--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: `Delete ${planItem.title}` }));
    dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe(DOWNLOAD_REMOVED_TEXT);
    expect(changes(fetchMock).map((call) => call.route)).toEqual([
      `DELETE /api/admin/leads-challenge/${planItem.id}`,
    ]);
  });
});
