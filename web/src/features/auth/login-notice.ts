/** What a page that sends the user to /login tells them there, through the router's state. */
export interface LoginNotice {
  notice: string;
}

/** The notice in a location's state, if the page that navigated left one. */
export const loginNoticeOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;

export const PASSWORD_SET_NOTICE = 'Your password is set. Sign in with it.';
