import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export const listDevMail = (to: string, signal?: AbortSignal) => api.get<{ items: DevMail[] }>('/dev/mail', { query: to ? { to } : {}, signal });

export const devMailQueryOptions = (to: string) => queryOptions({ queryKey: queryKeys.devMail(to), queryFn: ({ signal }) => listDevMail(to, signal) });

/** GET /dev/mail[?to=]: the development mailbox (404 where MAIL_TRANSPORT is not dev); the last list stays while another loads. */
export const useDevMail = (to: string) => useQuery({ ...devMailQueryOptions(to), placeholderData: keepPreviousData });
