import { useSearchParams } from 'react-router-dom';
import { chatLockTexts, type Task } from '@fragtbud/contracts';
import { EmptyState, ErrorState, Spinner, type User } from '@fragtbud/web';
import { useCustomerThread } from '../api/get-customer-thread';
import { useBidders, type ChatPartner } from '../api/list-chat-partners';
import { useChatThreads } from '../api/list-threads';
import { CHAT_LOAD_ERROR, ChatPanel } from './chat-panel';
import '../chat.css';

interface ChatTabProps {
  task: Pick<Task, 'id' | 'user_id'>;
  viewer: Pick<User, 'id' | 'role'>;
}

/**
 * The task page's chat tab (spec section 2): the people the viewer can talk to about the task beside the chosen
 * conversation. A customer picks among the bidders (and carriers who wrote), a carrier talks to the customer (or
 * reads why not), an admin to anyone involved. The partner lives in the query string as `chatWith`.
 */
export function ChatTab({ task, viewer }: ChatTabProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const isOwner = task.user_id !== null && task.user_id === viewer.id;
  const isCarrier = viewer.role === 'carrier' && !isOwner;
  const threads = useChatThreads(task.id);
  const bidders = useBidders(task.id, isOwner || viewer.role === 'admin');
  // A carrier talks to the task's customer, whom a carrier without a bid does not know from the task: svc-chat names
  // them when the rules let the carrier write, or says why not (spec 6).
  const customerThread = useCustomerThread(task.id, isCarrier);
  // New messages, read receipts and new bids reach these through the live stream (they invalidate the keys).

  const partners = new Map<number, ChatPartner>();
  const customer = customerThread.data?.partner;
  if (isCarrier && customer) partners.set(customer.id, { id: customer.id, name: customer.name ?? 'Kunden' });
  else if (!isOwner && task.user_id !== null) partners.set(task.user_id, { id: task.user_id, name: 'Kunden' });
  for (const bidder of bidders.data ?? []) if (bidder.id !== viewer.id) partners.set(bidder.id, bidder);
  // A thread names its partner (svc-chat's user directory): that name wins; without one, the role stands in.
  for (const thread of threads.data?.items ?? []) {
    const known = partners.get(thread.partner_id)?.name;
    const name = thread.partner_name ?? known ?? (thread.partner_id === task.user_id ? 'Kunden' : 'Fragtbud');
    partners.set(thread.partner_id, { id: thread.partner_id, name });
  }
  const unread = new Map((threads.data?.items ?? []).map((thread) => [thread.partner_id, thread.unread_count]));
  const list = [...partners.values()];
  const requested = Number(searchParams.get('chatWith'));
  const selected = list.find((partner) => partner.id === requested) ?? list[0];

  const choose = (partner: ChatPartner) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', 'chat');
    next.set('chatWith', String(partner.id));
    setSearchParams(next);
  };

  if (list.length === 0 && isCarrier) {
    if (customerThread.error && !customerThread.data) return <ErrorState message={CHAT_LOAD_ERROR} onRetry={() => void customerThread.refetch()} />;
    if (!customerThread.data) return <Spinner label="Henter beskeder…" />;
    return (
      <p className="chat-panel__lock" role="status">
        {customerThread.data.lock?.message ?? chatLockTexts.unavailable}
      </p>
    );
  }
  if (list.length === 0) {
    return <EmptyState title="Ingen at skrive med endnu" message="Når en vognmand har budt på opgaven, kan I skrive sammen her." />;
  }
  return (
    <div className="chat-tab">
      <nav className="chat-tab__partners" aria-label="Samtaler">
        <ul>
          {list.map((partner) => {
            const count = unread.get(partner.id) ?? 0;
            return (
              <li key={partner.id}>
                <button
                  type="button"
                  className={partner.id === selected?.id ? 'chat-tab__partner is-active' : 'chat-tab__partner'}
                  aria-current={partner.id === selected?.id ? 'true' : undefined}
                  onClick={() => choose(partner)}
                >
                  {partner.name}
                  {count > 0 && (
                    <span className="chat-tab__unread" aria-label={`${count} ulæste`}>
                      {count}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {selected && <ChatPanel key={selected.id} taskId={task.id} viewerId={viewer.id} partner={selected} />}
    </div>
  );
}
