import type { ImportSummary } from '@cgm-portal/api-client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../session/token-store';
import { DataTransferPanel, UploadSecretPanel } from './index';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';

afterEach(() => {
  cleanup();
  tokenStore.clear();
});
beforeAll(installBrowserShims);

async function renderWith(api: Record<string, unknown>, children: ReactNode) {
  await mountInPortal(children, { fileUrl: (u: string) => u, ...api });
}

const summary = (patch: Partial<ImportSummary>): ImportSummary => ({
  format: 'clarity',
  timeZone: 'Europe/London',
  dateOrder: null,
  dryRun: true,
  readings: { added: 47, duplicates: 2 },
  events: { added: 5, duplicates: 0 },
  ignored: 9,
  rejectedTotal: 1,
  rejected: [{ line: 41, reason: 'this local time does not exist in Europe/London (clocks moved forward)' }],
  first: Date.UTC(2023, 9, 28, 23),
  last: Date.UTC(2023, 9, 29, 3),
  ...patch,
});

describe('DataTransferPanel', { timeout: 30_000 }, () => {
  it('previews a file in the chosen zone, writes nothing until Import, then shows what was added', async () => {
    const api = {
      previewImportFile: vi.fn(async () => summary({})),
      commitImportFile: vi.fn(async () => summary({ dryRun: false })),
      exportData: vi.fn(),
    };
    await renderWith(api, <DataTransferPanel />);
    const user = userEvent.setup();
    const picked = new File(['Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type\n'], 'clarity.csv', { type: 'text/csv' });
    await user.upload(await screen.findByTestId('import-file', {}, { timeout: 10_000 }), picked);
    await user.selectOptions(screen.getByTestId('import-zone'), 'Europe/London');
    await user.click(screen.getByTestId('import-preview'));

    const preview = await screen.findByTestId('import-preview-result', {}, { timeout: 10_000 });
    // The picked file itself is sent (streamed by the browser), never read into text first.
    expect(api.previewImportFile).toHaveBeenCalledWith({ fileName: 'clarity.csv', timeZone: 'Europe/London', file: picked });
    expect(api.commitImportFile).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('import-readings-added')).getByText('47')).toBeTruthy();
    expect(within(screen.getByTestId('import-readings-duplicates')).getByText('2')).toBeTruthy();
    expect(within(screen.getByTestId('import-rejected')).getByText('41')).toBeTruthy();
    expect(within(preview).getByText('Nothing has been saved yet.')).toBeTruthy();

    await user.click(screen.getByTestId('import-commit'));
    await screen.findByTestId('import-result', {}, { timeout: 10_000 });
    expect(api.commitImportFile).toHaveBeenCalledWith({ fileName: 'clarity.csv', timeZone: 'Europe/London', file: picked });
  });

  it('defaults the zone to the member zone once member info arrives', async () => {
    tokenStore.set('token', false);
    const api = {
      getUserInfo: vi.fn(async () => ({ menus: [], homePath: '/home', memberName: 'Alex', memberId: 1, avatar: '', petType: null, accountType: 2 })),
      loadMyMemberInfo: vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { memberInfos: [{ timeZone: 'America/Chicago', memberSeting: { unit: 'mg/dL' } }] };
      }),
    };
    await renderWith(api, <DataTransferPanel />);
    await waitFor(() => expect((screen.getByTestId('import-zone') as HTMLSelectElement).value).toBe('America/Chicago'), { timeout: 10_000 });
  });

  it('offers no Import when the file adds nothing', async () => {
    const api = { previewImportFile: vi.fn(async () => summary({ readings: { added: 0, duplicates: 49 }, events: { added: 0, duplicates: 5 }, rejectedTotal: 0, rejected: [] })) };
    await renderWith(api, <DataTransferPanel />);
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('import-file', {}, { timeout: 10_000 }), new File(['x'], 'again.csv'));
    await user.click(screen.getByTestId('import-preview'));
    await screen.findByTestId('import-nothing', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('import-commit')).toBeNull();
  });
});

describe('UploadSecretPanel', { timeout: 30_000 }, () => {
  it('shows a new secret once, with its SHA-1, and lists secrets without it', async () => {
    const row = { id: 4, label: 'xDrip+', scope: 'upload' as const, createdAt: Date.UTC(2026, 0, 1), lastUsedAt: null, revokedAt: null };
    const api = {
      loadUploadSecrets: vi.fn(async () => ({ rows: [row], total: 1 })),
      createUploadSecret: vi.fn(async () => ({ ...row, secret: 's3cret-value-123', apiSecretSha1: 'a'.repeat(40) })),
      revokeUploadSecret: vi.fn(async () => ({ ...row, revokedAt: Date.now() })),
    };
    await renderWith(api, <UploadSecretPanel />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('secret-label', {}, { timeout: 10_000 }), 'xDrip+');
    await user.click(screen.getByTestId('secret-create'));
    expect((await screen.findByTestId('secret-value', {}, { timeout: 10_000 })).textContent).toBe('s3cret-value-123');
    expect(screen.getByTestId('secret-sha1').textContent).toBe('a'.repeat(40));
    expect(api.createUploadSecret).toHaveBeenCalledWith({ label: 'xDrip+', scope: 'upload' });
    expect(within(await screen.findByTestId('secret-list', {}, { timeout: 10_000 })).queryByText('s3cret-value-123')).toBeNull();
    await user.click(screen.getByText('I have saved it'));
    await waitFor(() => expect(screen.queryByTestId('secret-value')).toBeNull());
  });

  it('offers Nightscout’s per-operation scopes in plain words and lists a secret by its scope', async () => {
    const row = { id: 5, label: 'Careportal', scope: 'create' as const, createdAt: Date.UTC(2026, 0, 1), lastUsedAt: null, revokedAt: null };
    const api = {
      loadUploadSecrets: vi.fn(async () => ({ rows: [row], total: 1 })),
      createUploadSecret: vi.fn(async () => ({ ...row, secret: 's3cret-value-456', apiSecretSha1: 'b'.repeat(40) })),
      revokeUploadSecret: vi.fn(async () => ({ ...row, revokedAt: Date.now() })),
    };
    await renderWith(api, <UploadSecretPanel />);
    const user = userEvent.setup();
    const select = (await screen.findByTestId('secret-scope', {}, { timeout: 10_000 })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Upload and read (an uploader app)',
      "Read only (a follower's app)",
      "Add new records only (like Nightscout's Careportal)",
      'Change existing records only',
      'Delete records only',
    ]);
    expect(screen.getByTestId('secret-scope-hint').textContent).toMatch(/not even reading/);
    await user.selectOptions(select, 'create');
    await user.type(screen.getByTestId('secret-label'), 'Careportal');
    await user.click(screen.getByTestId('secret-create'));
    await waitFor(() => expect(api.createUploadSecret).toHaveBeenCalledWith({ label: 'Careportal', scope: 'create' }));
    expect(within(await screen.findByTestId('secret-list', {}, { timeout: 10_000 })).getByText('Add only')).toBeTruthy();
  });
});
