export { forgetSessionState, startSessionStates } from './session-states.ts';
export { revokeUserSessions } from './service.ts';
