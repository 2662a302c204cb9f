import { Readable } from 'node:stream';
import { listAuditLogEndpoint } from '@quizbeam/contracts/admin';
import {
  createLeadsChallengeItemEndpoint,
  deleteLeadsChallengeItemEndpoint,
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  LEADS_CHALLENGE_FILE_TYPE_MESSAGE,
  LEADS_CHALLENGE_MAX_BYTES,
  leadsChallengeDownloadPath,
  leadsChallengeUploadPath,
  leadsChallengeUploadSchema,
  listLeadsChallengeEndpoint,
  updateLeadsChallengeItemEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAdminsOnly,
  expectFieldError,
  nonAdminRoles,
  type Roles,
  signInRoles,
} from '../../testing/adminRoles';
import { type ImageDriver, type ImageDriverApp, startImageDriverApp } from '../../testing/imageDriverApp';
import { leadsChallengeFileFixtures as files } from '../../testing/leadsChallengeSamples';
import { APP_ORIGIN } from '../../testing/testApp';

describe.each<ImageDriver>(['local', 's3'])('Leads Challenge (%s storage)', (driver) => {
  let t: ImageDriverApp;
  let roles: Roles;
  beforeAll(async () => {
    t = await startImageDriverApp(driver);
    roles = await signInRoles(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const upload = (
    fileName: string | null,
    payload: Buffer | Readable,
    headers: Record<string, string> = { cookie: roles.admin.cookie },
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `${leadsChallengeUploadPath}${fileName === null ? '' : `?filename=${encodeURIComponent(fileName)}`}`,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/octet-stream', ...headers },
      payload,
    });

  async function uploaded(fileName: string, bytes: Buffer) {
    const answer = await upload(fileName, bytes);
    expect([answer.statusCode, answer.body]).toEqual([200, expect.any(String)]);
    return leadsChallengeUploadSchema.parse(answer.json());
  }

  const stored = (fileKey: string) => t.storage.readFile(fileKey, LEADS_CHALLENGE_MAX_BYTES);
  const latestSummary = async () =>
    (await roles.admin.send(listAuditLogEndpoint)).data().entries[0]?.summary ?? null;

  describe('PUT /api/admin/leads-challenge/files', () => {
    it('stores a PDF, a zip and an image, typed by their bytes', async () => {
      for (const [fileName, bytes, contentType] of [
        ['Challenge guide.pdf', files.pdf, 'application/pdf'],
        ['Worksheets.ZIP', files.zip, 'application/zip'],
        ['Badge.png', files.png, 'image/png'],
        ['Photo.jpeg', files.jpeg, 'image/jpeg'],
        ['Banner.webp', files.webp, 'image/webp'],
        ['Wave.gif', files.gif, 'image/gif'],
      ] as const) {
        const answer = await uploaded(fileName, bytes);
        expect(answer).toMatchObject({ fileName, contentType, size: bytes.length });
        expect(await stored(answer.fileKey)).toEqual({ bytes, contentType });
      }
    });

    it('refuses a program or text, whatever the name or content type claims, naming the field', async () => {
      const exe = await upload('setup.exe', files.exe);
      expectFieldError(exe, 'filename');
      const text = await upload('notes.pdf', files.text, {
        cookie: roles.admin.cookie,
        'content-type': 'application/pdf',
      });
      expect([text.statusCode, text.json()]).toEqual([
        400,
        { code: 'validation_failed', error: LEADS_CHALLENGE_FILE_TYPE_MESSAGE, field: 'file' },
      ]);
      const renamed = await upload('program.pdf', files.exe);
      expect(renamed.json()).toMatchObject({ error: LEADS_CHALLENGE_FILE_TYPE_MESSAGE, field: 'file' });
      expectFieldError(await upload('guide.zip', files.pdf), 'filename');
      expectFieldError(await upload(null, files.pdf), 'filename');
      expectFieldError(await upload(`${'x'.repeat(201)}.pdf`, files.pdf), 'filename');
      expect((await upload('empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    });

    it('refuses a file over the limit with 413, by its length or as it streams', async () => {
      const tooBig = Buffer.concat([files.pdf, Buffer.alloc(LEADS_CHALLENGE_MAX_BYTES)]);
      const declared = await upload('big.pdf', tooBig);
      expect([declared.statusCode, declared.json()]).toEqual([
        413,
        { code: 'too_large', error: LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE, field: 'file' },
      ]);
      const streamed = await upload('big.pdf', Readable.from([files.pdf, tooBig]));
      expect(streamed.statusCode).toBe(413);
      const atLimit = Buffer.concat([files.pdf, Buffer.alloc(LEADS_CHALLENGE_MAX_BYTES - files.pdf.length)]);
      expect((await upload('exactly.pdf', atLimit)).statusCode).toBe(200);
    });

    it('is for admins only, from the app’s own pages', async () => {
      for (const role of nonAdminRoles(roles)) {
        const answer = await upload('guide.pdf', files.pdf, { cookie: role.cookie });
        expect([role.email, answer.statusCode]).toEqual([role.email, 404]);
      }
      expect((await upload('guide.pdf', files.pdf, {})).statusCode).toBe(401);
      const foreign = await upload('guide.pdf', files.pdf, {
        cookie: roles.admin.cookie,
        origin: 'https://evil.example',
      });
      expect(foreign.statusCode).toBe(403);
    });
  });

  describe('the items', () => {
    it('starts empty for every user who is not limited', async () => {
      for (const role of [roles.admin, roles.plain, roles.commercial, roles.extraTemplates]) {
        expect((await role.send(listLeadsChallengeEndpoint)).data()).toEqual([]);
      }
    });

    it('adds, lists, downloads, changes and removes an item, recording each step', async () => {
      const guide = await uploaded('Le guide « été ».pdf', files.pdf);
      const created = await roles.admin.send(createLeadsChallengeItemEndpoint, {
        body: { title: '  Week 1 guide ', description: 'Start here.', fileKey: guide.fileKey },
      });
      expect(created.statusCode).toBe(201);
      const item = created.data();
      expect(item).toMatchObject({
        title: 'Week 1 guide',
        description: 'Start here.',
        fileName: 'Le guide « été ».pdf',
        contentType: 'application/pdf',
        size: files.pdf.length,
        downloadUrl: leadsChallengeDownloadPath(item.id),
      });
      expect(await latestSummary()).toBe(
        'Added Leads Challenge download "Week 1 guide" (Le guide « été ».pdf)',
      );
      expect((await roles.plain.send(listLeadsChallengeEndpoint)).data()).toEqual([item]);

      const raw = await t.app.inject({ url: item.downloadUrl, headers: { cookie: roles.commercial.cookie } });
      expect(raw.rawPayload.equals(files.pdf)).toBe(true);
      expect(raw.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="Le guide _ _t_ _.pdf"; filename*=UTF-8''Le%20guide%20%C2%AB%20%C3%A9t%C3%A9%20%C2%BB.pdf`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });

      // Its file key is spent.
      const reused = await roles.admin.send(createLeadsChallengeItemEndpoint, {
        body: { title: 'Copy', description: '', fileKey: guide.fileKey },
      });
      expectFieldError(reused, 'fileKey');

      const worksheets = await uploaded('worksheets.zip', files.zip);
      const changed = (
        await roles.admin.send(updateLeadsChallengeItemEndpoint, {
          params: { id: item.id },
          body: { title: 'Week 1 pack', description: 'Start here.', fileKey: worksheets.fileKey },
        })
      ).data();
      expect(changed).toMatchObject({
        id: item.id,
        title: 'Week 1 pack',
        fileName: 'worksheets.zip',
        contentType: 'application/zip',
      });
      expect(await stored(guide.fileKey)).toBeNull();
      const newDownload = await t.app.inject({
        url: item.downloadUrl,
        headers: { cookie: roles.plain.cookie },
      });
      expect(newDownload.rawPayload.equals(files.zip)).toBe(true);
      expect(newDownload.headers['content-type']).toBe('application/zip');
      expect(await latestSummary()).toBe(
        'Changed Leads Challenge download "Week 1 guide": title "Week 1 guide" → "Week 1 pack", file Le guide « été ».pdf → worksheets.zip',
      );

      const sameFile = (
        await roles.admin.send(updateLeadsChallengeItemEndpoint, {
          params: { id: item.id },
          body: { title: 'Week 1 pack', description: 'Now with worksheets.' },
        })
      ).data();
      expect(sameFile.fileName).toBe('worksheets.zip');
      expect(await stored(worksheets.fileKey)).not.toBeNull();

      const removed = await roles.admin.send(deleteLeadsChallengeItemEndpoint, { params: { id: item.id } });
      expect([removed.statusCode, removed.json()]).toEqual([200, { ok: true }]);
      expect(await stored(worksheets.fileKey)).toBeNull();
      expect((await roles.plain.send(listLeadsChallengeEndpoint)).data()).toEqual([]);
      expect(
        (await t.app.inject({ url: item.downloadUrl, headers: { cookie: roles.plain.cookie } })).statusCode,
      ).toBe(404);
      expect(await latestSummary()).toBe('Removed Leads Challenge download "Week 1 pack" (worksheets.zip)');
    });

    it('lists items in the order they were added', async () => {
      const titles = ['First', 'Second', 'Third'];
      for (const title of titles) {
        const file = await uploaded(`${title}.png`, files.png);
        (
          await roles.admin.send(createLeadsChallengeItemEndpoint, {
            body: { title, description: '', fileKey: file.fileKey },
          })
        ).data();
      }
      const listed = (await roles.plain.send(listLeadsChallengeEndpoint)).data();
      expect(listed.map((item) => item.title)).toEqual(titles);
      for (const item of listed) {
        await roles.admin.send(deleteLeadsChallengeItemEndpoint, { params: { id: item.id } });
      }
    });

    it('refuses unknown or forged file keys and an empty title, naming the field', async () => {
      const create = (body: object) => roles.admin.send(createLeadsChallengeItemEndpoint, { body });
      for (const fileKey of [
        `leads-challenge/${crypto.randomUUID()}/file.pdf`,
        'leads-challenge/../../session-secret',
        `accounts/${roles.plain.accountId}/images/${crypto.randomUUID()}/a.png`,
      ]) {
        expectFieldError(await create({ title: 'Guide', description: '', fileKey }), 'fileKey');
      }
      const file = await uploaded('guide.pdf', files.pdf);
      expectFieldError(await create({ title: '   ', description: '', fileKey: file.fileKey }), 'title');
      expectFieldError(
        await create({ title: 'Guide', description: 'x'.repeat(2_001), fileKey: file.fileKey }),
        'description',
      );
      expectFieldError(await create({ title: 'Guide', description: '' }), 'fileKey');
    });

    it('answers 404 for unknown items', async () => {
      const id = crypto.randomUUID();
      expect(
        (
          await roles.admin.send(updateLeadsChallengeItemEndpoint, {
            params: { id },
            body: { title: 'X', description: '' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await roles.admin.send(deleteLeadsChallengeItemEndpoint, { params: { id } })).statusCode).toBe(
        404,
      );
      for (const url of [leadsChallengeDownloadPath(id), leadsChallengeDownloadPath('not-an-id')]) {
        expect((await t.app.inject({ url, headers: { cookie: roles.plain.cookie } })).statusCode).toBe(404);
      }
    });
  });

  describe('access', () => {
    it('hides the list and downloads from limited accounts, and asks visitors to sign in', async () => {
      const file = await uploaded('guide.pdf', files.pdf);
      const item = (
        await roles.admin.send(createLeadsChallengeItemEndpoint, {
          body: { title: 'Access', description: '', fileKey: file.fileKey },
        })
      ).data();
      expect((await roles.limited.send(listLeadsChallengeEndpoint)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: item.downloadUrl, headers: { cookie: roles.limited.cookie } })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: listLeadsChallengeEndpoint.path })).statusCode).toBe(401);
      expect((await t.app.inject({ url: item.downloadUrl })).statusCode).toBe(401);
      // An admin manages the list in the console, whatever their own account may use.
      const limitedAdmin = await t.signIn({ isLimited: true, isAdmin: true });
      expect((await limitedAdmin.send(listLeadsChallengeEndpoint)).statusCode).toBe(200);
      await roles.admin.send(deleteLeadsChallengeItemEndpoint, { params: { id: item.id } });
    });

    it('keeps every change to admins', async () => {
      const file = await uploaded('guide.pdf', files.pdf);
      await expectAdminsOnly(t, roles, createLeadsChallengeItemEndpoint, {
        body: { title: 'Sneaky', description: '', fileKey: file.fileKey },
      });
      const item = (
        await roles.admin.send(createLeadsChallengeItemEndpoint, {
          body: { title: 'Kept', description: '', fileKey: file.fileKey },
        })
      ).data();
      await expectAdminsOnly(t, roles, updateLeadsChallengeItemEndpoint, {
        params: { id: item.id },
        body: { title: 'Changed', description: '' },
      });
      await expectAdminsOnly(t, roles, deleteLeadsChallengeItemEndpoint, { params: { id: item.id } });
      expect((await roles.plain.send(listLeadsChallengeEndpoint)).data()).toEqual([item]);
      await roles.admin.send(deleteLeadsChallengeItemEndpoint, { params: { id: item.id } });
    });
  });
});
