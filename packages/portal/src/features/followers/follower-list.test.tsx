import type { ApiClient, FollowerRelation } from '@cgm-portal/api-client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@cgm-portal/ui';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FOLLOWER_PAGE_SIZE, FOLLOWER_REFRESH_MS } from './constants';
import { actionsFor, FollowerList } from './follower-list';
import { FollowingList } from './following-list';
import { followerListQuery, followingQuery, sharedReadingsQuery } from './queries';
import { installBrowserShims, mountInPortal, type StandInApi } from '../../testing/portal-harness';

afterEach(cleanup);

beforeAll(installBrowserShims);

function relation(patch: Partial<FollowerRelation>): FollowerRelation {
  return {
    id: 7,
    followerId: 7,
    followerRequestId: 7,
    followerAccountId: 3,
    memberId: 1,
    memberEmail: 'demo@cgm-portal.example',
    followerEmail: 'follower@cgm-portal.example',
    name: 'Sam Morgan',
    memberName: 'Alex Morgan',
    followerName: 'Sam Morgan',
    note: 'Partner',
    message: "Hi, it's Sam",
    addTime: Date.UTC(2026, 0, 1),
    status: 1,
    shareFlag: 1,
    fetchedTime: null,
    ...patch,
  };
}

/** Renders a follower screen with the providers it needs, over a stand-in api. */
async function mount(ui: ReactNode, api: StandInApi) {
  return (await mountInPortal(ui, api)).queryClient;
}

async function renderList(rows: FollowerRelation[]) {
  let current = rows;
  const api = {
    loadFollowerList: vi.fn(async () => ({ rows: current, total: current.length })),
    modifyFollowerShareFlag: vi.fn(async ({ shareFlag }: { shareFlag: 0 | 1 }) => {
      current = current.map((r) => ({ ...r, shareFlag }));
      return current[0];
    }),
    modifyFollowerNote: vi.fn(async () => current[0]),
    addFollower: vi.fn(async () => current[0]),
  };
  const queryClient = await mount(<FollowerList />, api);
  await screen.findByText('Sam Morgan');
  return {
    api,
    queryClient,
    setRows: (next: FollowerRelation[]) => {
      current = next;
    },
  };
}

describe('live follower queries (spec §9)', () => {
  const api = {} as ApiClient;
  it('refresh every 30 s, only while the tab is visible, keeping the previous page on screen', () => {
    for (const q of [followerListQuery(api, { page: 1 }), followingQuery(api, { page: 1 })]) {
      expect(q.refetchInterval).toBe(FOLLOWER_REFRESH_MS);
      expect(q.refetchIntervalInBackground).toBe(false);
      expect(typeof q.placeholderData).toBe('function');
    }
    expect(FOLLOWER_REFRESH_MS).toBe(30_000);
    expect(FOLLOWER_PAGE_SIZE).toBe(10);
  });

  it('never keeps a shared person’s old readings in place of a refusal', () => {
    expect(sharedReadingsQuery(api, 1, 24).placeholderData).toBeUndefined();
    expect(sharedReadingsQuery(api, 1, 24).refetchInterval).toBe(FOLLOWER_REFRESH_MS);
  });
});

describe('actionsFor', () => {
  it('offers the changes each state allows', () => {
    expect(actionsFor({ status: 0, shareFlag: 0 })).toEqual(['approve', 'reject']);
    expect(actionsFor({ status: 1, shareFlag: 1 })).toEqual(['stopSharing', 'remove']);
    expect(actionsFor({ status: 1, shareFlag: 0 })).toEqual(['startSharing', 'remove']);
    expect(actionsFor({ status: 2, shareFlag: 0 })).toEqual(['approve', 'remove']);
  });
});

// Chakra's dialogs in jsdom take a few seconds per test on a busy machine.
describe('FollowerList', { timeout: 30_000 }, () => {
  it('shows status and sharing in a table with column headers', async () => {
    await renderList([relation({})]);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Data sharing' })).toBeTruthy();
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getByText('Sharing')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
  });

  it('asks before it stops sharing, and changes nothing when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderList([relation({})]);
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to stop sharing your data with this follower?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.modifyFollowerShareFlag).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.modifyFollowerShareFlag).toHaveBeenCalledWith({ followerId: 7, shareFlag: 0 }));
    // The list is fetched again and shows the new state.
    expect(await screen.findByText('Not sharing')).toBeTruthy();
  });

  it('keeps a note being typed when the list refreshes underneath', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, queryClient, setRows } = await renderList([relation({})]);
    await user.click(screen.getByRole('button', { name: 'Set note' }));
    const note = await screen.findByLabelText(/Note/);
    await user.clear(note);
    await user.type(note, 'Night checks');
    setRows([relation({ note: 'Changed elsewhere', fetchedTime: Date.UTC(2026, 0, 2) })]);
    await queryClient.refetchQueries({ queryKey: ['followers'] });
    await waitFor(() => expect(screen.getByText('Changed elsewhere')).toBeTruthy());
    expect((note as HTMLInputElement).value).toBe('Night checks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.modifyFollowerNote).toHaveBeenCalledWith({ followerId: 7, note: 'Night checks' }));
  });

  it('adds a follower only after the acknowledgement is ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderList([relation({})]);
    const toast = vi.spyOn(toaster, 'create');
    await user.click(screen.getByRole('button', { name: 'Add follower' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/E-mail/), 'stranger@cgm-portal.example');
    await user.type(within(dialog).getByLabelText(/Message/), 'Weekend carer');
    await user.click(within(dialog).getByRole('button', { name: 'Add follower' }));
    expect(await within(dialog).findByText('Please confirm that you understand what adding a follower means')).toBeTruthy();
    expect(api.addFollower).not.toHaveBeenCalled();
    await user.click(within(dialog).getByText('I understand that adding a follower lets them see my glucose data'));
    await user.click(within(dialog).getByRole('button', { name: 'Add follower' }));
    await waitFor(() => expect(api.addFollower).toHaveBeenCalledWith({ email: 'stranger@cgm-portal.example', note: 'Weekend carer' }));
    // The server answers alike whether the address has an account: the screen claims no more than that.
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'If an account has this e-mail address, it now follows you and sees the data you share' })),
    );
  });
});

describe('FollowingList', { timeout: 30_000 }, () => {
  it('says what each side’s empty list means, and offers a retry when the list fails', async () => {
    await mount(<FollowingList columns="following" />, { loadMyFollowers: vi.fn(async () => ({ rows: [], total: 0 })) });
    expect(await screen.findByText('You do not follow anyone yet')).toBeTruthy();
    cleanup();
    await mount(<FollowingList columns="requests" />, { loadMyFollowers: vi.fn(async () => ({ rows: [], total: 0 })) });
    expect(await screen.findByText('There are no observer requests')).toBeTruthy();
    cleanup();
    const loadMyFollowers = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ rows: [], total: 0 });
    await mount(<FollowingList columns="following" />, { loadMyFollowers });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You do not follow anyone yet')).toBeTruthy();
    expect(loadMyFollowers).toHaveBeenCalledTimes(2);
  });
});
