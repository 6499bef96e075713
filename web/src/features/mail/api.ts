import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mailApi, type MailMessage, type MailQuery } from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.ts';
import { useAuth } from '../../session/index.ts';

/** What the screen sends: the contract's query as the caller builds it (defaults filled by the server). */
export type MailListQuery = Partial<MailQuery>;

export const mailKeys = {
  all: ['mail'] as const,
  list: (query: MailListQuery) => ['mail', 'list', query] as const,
  message: (id: string) => ['mail', 'message', id] as const,
  delivery: ['mail', 'delivery'] as const,
};

/**
 * The outbox answers admins only, and SPEC's client ends the session on any 403, so no query runs
 * for another role (the route is admin-only too; this is the second guard).
 */
const useIsAdmin = () => useAuth().user?.role === 'admin';

export function useMailList(query: MailListQuery) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: mailKeys.list(query),
    queryFn: () => request(mailApi.list, { query }),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
}

/** One message with both its parts and its attachments, as the recipient reads it. */
export function useMailMessage(id: string) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: mailKeys.message(id),
    queryFn: () => request(mailApi.get, { params: { id } }).then((reply) => reply.data),
    enabled: isAdmin,
  });
}

/** Whether the server sends mail or, with no mail server set, keeps it to be read here. */
export function useMailDelivery() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: mailKeys.delivery,
    queryFn: () => request(mailApi.delivery).then((reply) => reply.data),
    enabled: isAdmin,
  });
}

/** Queues a message again; the list and the open message show its new state. */
export const useResendMail = () =>
  useInvalidatingMutation(mailKeys.all, (message: Pick<MailMessage, '_id'>) =>
    request(mailApi.resend, { params: { id: message._id } }).then((reply) => reply.data),
  );

/** What an email's opt-out link would stop (asked with no session: the link is the proof). */
export function useOptOutDetails(token: string) {
  return useQuery({
    queryKey: ['mail', 'opt-out', token],
    queryFn: () => request(mailApi.optOutDetails, { query: { token } }).then((reply) => reply.data),
    enabled: token !== '',
    retry: false,
  });
}

export const useOptOut = () =>
  useInvalidatingMutation(['mail', 'opt-out'], (token: string) =>
    request(mailApi.optOut, { body: { token } }).then((reply) => reply.data),
  );
