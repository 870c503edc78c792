import '../chat.css';
import { Link } from 'react-router-dom';
import { useSession } from '@fragtbud/web';
import { useUnreadChats } from '../api/unread-chats';

/**
 * The header's unread chat count (issue 10): shown only when there is something unread; it leads to the newest
 * thread with unread messages. Kept current by the live stream (new messages, read receipts).
 */
export function ChatUnreadLink() {
  const userId = useSession((state) => state.user?.id ?? null);
  // Kept current by the live stream: chat events invalidate `['chat']`.
  const { data } = useUnreadChats(userId);
  const total = data?.unread_total ?? 0;
  const newest = data?.items.find((thread) => thread.unread_count > 0);
  if (userId === null || total === 0 || !newest) return null;
  return (
    <Link className="chat-unread-link" to={`/task/${newest.task_id}?tab=chat&chatWith=${newest.partner_id}`}>
      {total === 1 ? '1 ulæst besked' : `${total} ulæste beskeder`}
    </Link>
  );
}
