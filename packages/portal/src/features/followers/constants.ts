/**
 * Spec §9: the follower list refreshes every 30 seconds and pages from page 1, 10 rows a page.
 * Every follower screen (both sides) and the shared person's monitor use these, so a member
 * who stops sharing is seen by the follower within one refresh.
 */
export const FOLLOWER_REFRESH_MS = 30_000;
export const FOLLOWER_FIRST_PAGE = 1;
export const FOLLOWER_PAGE_SIZE = 10;
